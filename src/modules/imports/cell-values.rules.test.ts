import { describe, expect, it } from 'vitest';
import { cellText, cellValue, stateOfGstin } from './cell-values.rules';

describe('cellValue', () => {
  it.each([
    ['₹1,499.50', 1499.5],
    ['1,00,000', 100000],
    ['Rs. 12,34,567.89', 1234567.89],
    ['(250.00)', -250],
    ['0.1', 0.1],
  ])('reads the amount %s as %s rupees, exactly', (text, rupees) => {
    expect(cellValue(text, 'amount')).toBe(rupees);
  });

  it.each([
    ['05/06/2025', '2025-06-05'],
    ['05-06-25', '2025-06-05'],
    ['5-Jun-2025', '2025-06-05'],
    ['2025-06-05', '2025-06-05'],
  ])('reads the date %s day first', (text, date) => {
    expect(cellValue(text, 'date')).toBe(date);
  });

  it('passes on what it cannot read, for the create path to refuse on its field', () => {
    expect(cellValue('twelve', 'amount')).toBe('twelve');
    expect(cellValue('31/02/2025', 'date')).toBe('31/02/2025');
    expect(cellValue('maybe', 'boolean')).toBe('maybe');
  });

  it('takes off the apostrophe that kept a formula as text, and upper-cases a GSTIN', () => {
    expect(cellText("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(cellText("'+91 98450 00001")).toBe('+91 98450 00001');
    expect(cellText("'@home")).toBe('@home');
    expect(cellText("'-5")).toBe('-5');
    expect(cellText("O'Brien")).toBe("O'Brien");
    expect(cellValue(' 29aaacr5055k1z3 ', 'upper')).toBe('29AAACR5055K1Z3');
  });

  it('makes a name reference of a reference column, and leaves blanks out', () => {
    expect(cellValue('Raman Traders', { ref: 'contact' })).toEqual({ $ref: 'contact', name: 'Raman Traders' });
    expect(cellValue('   ', 'text')).toBeUndefined();
  });

  it("finds a GSTIN's state in its first two digits", () => {
    expect(stateOfGstin('29AAACR5055K1Z3')).toBe('29');
    expect(stateOfGstin(undefined)).toBeUndefined();
  });
});
