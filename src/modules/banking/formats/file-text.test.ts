import { describe, expect, it } from 'vitest';
import { statementText } from './file-text';

describe('statementText', () => {
  // "JOSÉ" in windows-1252 is 4A 4F 53 C9; in UTF-8 the É is C3 89.
  const windows1252 = Buffer.from([0x4a, 0x4f, 0x53, 0xc9]);
  const utf8 = Buffer.from([0xef, 0xbb, 0xbf, 0x4a, 0x4f, 0x53, 0xc3, 0x89]);

  it('reads a file in the single-byte set it declares', () => {
    expect(statementText(windows1252, '1252')).toBe('JOSÉ');
    expect(statementText(windows1252, 'ISO-8859-1')).toBe('JOSÉ');
  });

  it('reads an undeclared file as UTF-8 without its byte-order mark, and as windows-1252 when it is not UTF-8', () => {
    expect(statementText(utf8, null)).toBe('JOSÉ');
    expect(statementText(utf8, 'UTF-8')).toBe('JOSÉ');
    expect(statementText(windows1252, null)).toBe('JOSÉ');
  });
});
