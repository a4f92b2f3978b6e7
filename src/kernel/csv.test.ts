import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and quotes fields holding commas, quotes or line breaks', () => {
    expect(toCsv(['a', 'b'], [{ a: 'x, y', b: 1 }, { a: 'say "hi"', b: 2.5 }, { a: 'two\nlines', b: 0 }]))
      .toBe('a,b\r\n"x, y",1\r\n"say ""hi""",2.5\r\n"two\nlines",0\r\n');
  });
});
