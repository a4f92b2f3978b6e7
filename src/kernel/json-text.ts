/**
 * A value already serialised to JSON, so a response can splice it in instead of building
 * and stringifying it again (a list page of 50 invoices with their lines is ~125 KB of JSON).
 * Anything that does not know about it still gets the right answer: JSON.stringify calls
 * `toJSON`, which parses the text back into the value it stands for.
 */
export class JsonText {
  constructor(readonly text: string) {}

  static of(value: unknown): JsonText {
    return new JsonText(JSON.stringify(value));
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
 * JSON.stringify of a response body (a plain object) whose values, or the items of whose
 * array values, may be JsonText: those are spliced in as they are. Everything else is left
 * to JSON.stringify, which stays correct for JsonText nested deeper (through toJSON).
 */
export function stringifyBody(body: Record<string, unknown>): string {
  let out = '';
  for (const [key, value] of Object.entries(body)) {
    const text = Array.isArray(value) && value.some((item) => item instanceof JsonText)
      ? `[${value.map((item) => jsonTextOf(item) ?? 'null').join(',')}]`
      : jsonTextOf(value);
    if (text === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${text}`;
  }
  return `{${out}}`;
}
