/**
 * What an attachment is, decided from its bytes, never from the name or the client's
 * Content-Type. Binary formats are recognised by their signatures (file-type) and must be
 * on the accepted list: the documents, images, spreadsheets and archives a business keeps
 * with its books. Anything else is accepted only as UTF-8 text, served as text/plain (or
 * text/csv): never markup, so an HTML page cannot be stored, whatever its name says.
 */
export const ACCEPTED_BINARY_TYPES: ReadonlySet<string> = new Set([
  'application/pdf',
  'image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/tiff', 'image/bmp', 'image/heic', 'image/heif', 'image/avif',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text', 'application/vnd.oasis.opendocument.spreadsheet', 'application/vnd.oasis.opendocument.presentation',
  // Legacy Office files (.doc, .xls, .msg) share the compound-file container.
  'application/x-cfb', 'application/vnd.ms-outlook', 'application/rtf',
  'application/zip', 'application/gzip', 'application/x-7z-compressed',
  'application/xml',
]);

/** Bytes read before deciding: enough for every signature file-type knows in the accepted list. */
export const SNIFF_BYTES = 64 * 1024;

export type TypeDecision =
  | { kind: 'binary'; contentType: string }
  | { kind: 'text'; contentType: string }
  | { kind: 'refused'; reason: string };

// Text may carry tabs, line breaks and form feeds; any other control character means binary.
const CONTROL = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * Decides from the signature file-type found (if any) and the head of the file as text (see
 * TextCheck: whether it was valid text, and what it read). For text, only the head is judged
 * here; the caller keeps checking that the rest stays valid text.
 */
export function decideContentType(detected: string | undefined, head: { isText: boolean; text: string }, filename: string): TypeDecision {
  if (detected !== undefined) {
    return ACCEPTED_BINARY_TYPES.has(detected)
      ? { kind: 'binary', contentType: detected }
      : { kind: 'refused', reason: `files of type ${detected} are not accepted as attachments` };
  }
  if (!head.isText) return { kind: 'refused', reason: 'the file type could not be recognised: it is no accepted format and not UTF-8 text' };
  if (/^\uFEFF?\s*</.test(head.text)) {
    return { kind: 'refused', reason: 'markup (HTML, SVG, XML without a declaration) is not accepted as an attachment' };
  }
  return { kind: 'text', contentType: /\.csv$/i.test(filename) ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8' };
}

/** Streaming check that bytes are UTF-8 text without stray control characters. */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  /** The text decoded so far (only the head is kept, for the markup check). */
  text = '';

  accepts(chunk: Buffer): boolean {
    try {
      const part = this.decoder.decode(chunk, { stream: true });
      if (this.text.length < SNIFF_BYTES) this.text += part.slice(0, SNIFF_BYTES - this.text.length);
      return !CONTROL.test(part);
    } catch {
      return false;
    }
  }

  /** False when the file ends inside a multi-byte character. */
  finish(): boolean {
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
