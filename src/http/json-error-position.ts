/**
 * Where a text stops being JSON (RFC 8259). V8's SyntaxError gives a position for some
 * faults and none for others ("Unexpected token 'u', ... is not valid JSON"), so the text is
 * scanned again, only when parsing has already failed. Iterative: a body of a million `[`
 * must not overflow the stack.
 */

export interface JsonFault {
  /** Index of the first character that cannot continue the JSON text (its length when the text ends early). */
  offset: number;
  /** The text ended before its value was complete. */
  truncated: boolean;
  /** 1-based line and column of `offset`. */
  line: number;
  column: number;
}

type Expect = 'value' | 'valueOrClose' | 'key' | 'keyOrClose' | 'colon' | 'commaOrClose' | 'end';

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPE = /^(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/;
const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

/** The index just past a string starting at `start` (a `"`), or the index of its fault as a negative number minus one. */
function scanString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x22) return i + 1;
    if (ch < 0x20) return -i - 1;
    if (ch === 0x5c) {
      const escape = ESCAPE.exec(text.slice(i + 1, i + 6));
      if (!escape) return -(i + 1) - 1;
      i += escape[0].length;
    }
  }
  return -text.length - 1;
}

/** The index just past a number or literal starting at `start`, or its fault as a negative number minus one. */
function scanScalar(text: string, start: number): number {
  for (const literal of ['true', 'false', 'null']) {
    if (text[start] !== literal[0]) continue;
    let n = 0;
    while (n < literal.length && text[start + n] === literal[n]) n++;
    return n === literal.length ? start + n : -(start + n) - 1;
  }
  NUMBER.lastIndex = start;
  return NUMBER.exec(text) ? NUMBER.lastIndex : -start - 1;
}

function at(text: string, offset: number): JsonFault {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { offset, truncated: offset >= text.length, line, column: offset - before.lastIndexOf('\n') };
}

/** The first fault in `text`, or null when it is valid JSON. */
export function findJsonFault(text: string): JsonFault | null {
  const open: string[] = [];
  let expect: Expect = 'value';
  let i = 0;
  const afterValue = (): Expect => (open.length === 0 ? 'end' : 'commaOrClose');
  while (true) {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
    if (i >= text.length) return expect === 'end' ? null : at(text, i);
    const ch = text[i]!;
    if (expect === 'end') return at(text, i);
    if (expect === 'colon') {
      if (ch !== ':') return at(text, i);
      [i, expect] = [i + 1, 'value'];
    } else if (expect === 'commaOrClose') {
      const closer = open.at(-1) === '{' ? '}' : ']';
      if (ch === ',') [i, expect] = [i + 1, closer === '}' ? 'key' : 'value'];
      else if (ch === closer) { open.pop(); i++; expect = afterValue(); } else return at(text, i);
    } else if (expect === 'key' || expect === 'keyOrClose') {
      if (ch === '}' && expect === 'keyOrClose') { open.pop(); i++; expect = afterValue(); continue; }
      if (ch !== '"') return at(text, i);
      const end = scanString(text, i);
      if (end < 0) return at(text, -end - 1);
      [i, expect] = [end, 'colon'];
    } else if (ch === ']' && expect === 'valueOrClose') {
      open.pop(); i++; expect = afterValue();
    } else if (ch === '{' || ch === '[') {
      open.push(ch); i++;
      expect = ch === '{' ? 'keyOrClose' : 'valueOrClose';
    } else {
      const end = ch === '"' ? scanString(text, i) : scanScalar(text, i);
      if (end < 0) return at(text, -end - 1);
      i = end; expect = afterValue();
    }
  }
}
