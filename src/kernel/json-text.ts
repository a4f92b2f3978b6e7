import { BoundedCache } from './bounded-cache';

/** The most bytes of spliced responses that serializeBody keeps for reuse. */
const SPLICED_BODY_BYTES = 32 * 1024 * 1024;

/**
 * A value already serialised to JSON, so a response can splice it in instead of building
 * and stringifying it again (a list page of 50 invoices with their lines is ~125 KB of JSON).
 * It is held as text or as UTF-8 bytes, whichever it was made from, and turned into the other
 * only when asked: a view kept for list pages is bytes, which a page copies into its response
 * without encoding, and which live outside the JavaScript heap (a page built as one string
 * was 125 KB of garbage, copied by every young-generation collection it survived).
 * Anything that does not know about it still gets the right answer: JSON.stringify calls
 * `toJSON`, which parses the text back into the value it stands for.
 */
export class JsonText {
  private static made = 0;
  /** Unique within the process, so a response spliced from the same JsonTexts is known to be the same bytes (serializeBody). */
  readonly serial = JsonText.made++;

  private constructor(
    private textForm: string | undefined,
    private bytesForm: Buffer | undefined,
  ) {}

  static of(value: unknown): JsonText {
    return JsonText.fromText(JSON.stringify(value));
  }

  /** A value serialised straight to UTF-8 bytes, for a view that is spliced into responses. */
  static encoded(value: unknown): JsonText {
    return JsonText.fromBytes(Buffer.from(JSON.stringify(value)));
  }

  static fromText(text: string): JsonText {
    return new JsonText(text, undefined);
  }

  static fromBytes(bytes: Buffer): JsonText {
    return new JsonText(undefined, bytes);
  }

  get text(): string {
    return (this.textForm ??= this.bytesForm!.toString('utf8'));
  }

  get bytes(): Buffer {
    return (this.bytesForm ??= Buffer.from(this.textForm!));
  }

  /** For a response: the form it holds, so sending it converts nothing (Node writes a string with the headers, in one go). */
  get payload(): string | Buffer {
    return this.bytesForm ?? this.textForm!;
  }

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}

/**
 * JSON.stringify that takes a JsonText's text as it is. Undefined where JSON.stringify gives
 * undefined (undefined, a function): left out of objects, null in arrays.
 */
export const jsonTextOf = (value: unknown): string | undefined => (value instanceof JsonText ? value.text : JSON.stringify(value));

/**
 * JSON of a response body (a plain object) whose values, or the items of whose array values,
 * may be JsonText: those are spliced in as they are, as bytes when they are held so (the
 * response is then one buffer, copied from its pieces). Everything else is left to
 * JSON.stringify, which stays correct for JsonText nested deeper (through toJSON).
 */
export function serializeBody(body: Record<string, unknown>): JsonText {
  // Text between spliced values is gathered as one string; each JsonText ends a piece.
  const pieces: (string | JsonText)[] = [];
  let text = '{';
  const splice = (json: JsonText) => {
    pieces.push(text, json);
    text = '';
  };
  let separator = '';
  for (const [key, value] of Object.entries(body)) {
    const hasViews = value instanceof JsonText || (Array.isArray(value) && value.some((item) => item instanceof JsonText));
    const plain = hasViews ? undefined : JSON.stringify(value);
    if (!hasViews && plain === undefined) continue; // left out, as JSON.stringify does
    text += `${separator}${JSON.stringify(key)}:`;
    separator = ',';
    if (plain !== undefined) text += plain;
    else if (value instanceof JsonText) splice(value);
    else {
      text += '[';
      (value as unknown[]).forEach((item, i) => {
        if (i > 0) text += ',';
        if (item instanceof JsonText) splice(item);
        else text += JSON.stringify(item) ?? 'null';
      });
      text += ']';
    }
  }
  text += '}';
  if (pieces.length === 0) return JsonText.fromText(text);
  pieces.push(text);
  // JSON text never holds a raw NUL (JSON.stringify escapes it), so the key names each piece unambiguously.
  const key = pieces.map((piece) => (typeof piece === 'string' ? piece : `\0${piece.serial}\0`)).join('');
  let spliced = splicedBodies.get(key);
  if (!spliced) {
    spliced = JsonText.fromBytes(Buffer.concat(pieces.map((piece) => (typeof piece === 'string' ? Buffer.from(piece) : piece.bytes))));
    splicedBodies.set(key, spliced);
  }
  return spliced;
}

/**
 * Spliced responses kept by their pieces: a list page asked for again, with the same views
 * (none of its documents changed) and the same cursor, is sent as the same bytes, without
 * copying its ~125 KB together again (a tenth of a page's time, with the allocation).
 */
const splicedBodies = new BoundedCache<string, JsonText>(SPLICED_BODY_BYTES, (body) => body.bytes.length);
