import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, readCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and quotes fields holding commas, quotes or line breaks', () => {
    expect(toCsv(['a', 'b'], [{ a: 'x, y', b: 1 }, { a: 'say "hi"', b: 2.5 }, { a: 'two\nlines', b: 0 }]))
      .toBe('a,b\r\n"x, y",1\r\n"say ""hi""",2.5\r\n"two\nlines",0\r\n');
  });
});

describe('csvCell: no cell a spreadsheet would run as a formula', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+91 98450 12345', "'+91 98450 12345"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
    ['\r=1', `"'\r=1"`],
    ["'=1", "''=1"],
    ['- dash', "'- dash"],
  ])('a text cell %j is written %s', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it.each([
    ['Asha Traders', 'Asha Traders'], ['a=b', 'a=b'], ["'quoted'", "'quoted'"], ['INV-26-27-00001', 'INV-26-27-00001'],
  ])('a text cell %j that starts no formula is written as it is', (text, written) => {
    expect(csvCell(text)).toBe(written);
  });

  it('writes amounts as plain numbers, a negative one too', () => {
    expect([csvCell('-12.50'), csvCell('12.50'), csvCell('-3'), csvCell(-12.5), csvCell(0)]).toEqual(['-12.50', '12.50', '-3', '-12.5', '0']);
  });
});

describe('readCsv', () => {
  it('reads quoted cells and takes the formula guard off', () => {
    expect(readCsv(`name,amount\r\n"'=A1+1, ""x""",-12.50\r\n'@x,'plain\r\n''=1,\r\n`)).toEqual([
      ['name', 'amount'], ['=A1+1, "x"', '-12.50'], ['@x', "'plain"], ["'=1", ''],
    ]);
  });

  it('reads back every text Bahi writes, as it was', () => {
    const cell = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', 'a', '1', '.', ' ') });
    fc.assert(fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
      const columns = rows[0]!.map((_, i) => `c${i}`);
      const records = rows.map((r) => Object.fromEntries(columns.map((c, i) => [c, r[i] ?? ''])));
      expect(readCsv(toCsv(columns, records)).slice(1)).toEqual(records.map((r) => columns.map((c) => r[c])));
    }));
  });
});
