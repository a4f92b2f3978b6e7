import { describe, expect, it } from 'vitest';
import { checkMatchShape, checkMatchSum } from './match-shape.rules';

describe('checkMatchShape', () => {
  it('takes one line with several entries and several lines with one entry', () => {
    expect(() => checkMatchShape(['l1'], ['a', 'b'])).not.toThrow();
    expect(() => checkMatchShape(['l1', 'l2'], ['a'])).not.toThrow();
  });
  it('refuses several with several, and names what is named twice', () => {
    expect(() => checkMatchShape(['l1', 'l2'], ['a', 'b'])).toThrowError(expect.objectContaining({ code: 'validation.invalid_value', field: 'entries' }));
    expect(() => checkMatchShape(['l1'], ['a', 'b', 'a'])).toThrowError(expect.objectContaining({ field: 'entries[2]' }));
    expect(() => checkMatchShape(['l1', 'l2', 'l1'], ['a'])).toThrowError(expect.objectContaining({ field: 'bank_transaction_ids[1]' }));
  });
});

describe('checkMatchSum', () => {
  it('refuses a difference of a paisa, naming it in rupees', () => {
    expect(() => checkMatchSum(-1_000_00, -1_000_00)).not.toThrow();
    expect(() => checkMatchSum(1_000_00, 999_99)).toThrowError(expect.objectContaining({
      field: 'entries', details: { lines_total: 1000, entries_total: 999.99, difference: 0.01 },
    }));
  });
});
