import { describe, expect, it } from 'vitest';
import { entryDateOf, reversalRemedy } from './entry-dates.rules';

describe('entryDateOf', () => {
  it('dates a reversal on the original entry, whenever it is made', () => {
    expect(entryDateOf({ reverses: '2026-10-15' })).toBe('2026-10-15');
  });

  it('dates an application on the later of the two documents, in either order', () => {
    expect(entryDateOf({ applies: ['2026-10-15', '2026-11-02'] })).toBe('2026-11-02');
    expect(entryDateOf({ applies: ['2026-11-02', '2026-10-15'] })).toBe('2026-11-02');
    expect(entryDateOf({ applies: ['2026-10-15', '2026-10-15'] })).toBe('2026-10-15');
  });
});

describe('reversalRemedy', () => {
  it('points sales to a credit note, purchases to a debit note, journals to a correcting journal', () => {
    expect(reversalRemedy('INVOICE')).toContain('credit note');
    expect(reversalRemedy('BILL')).toContain('debit note');
    expect(reversalRemedy('EXPENSE')).toContain('debit note');
    expect(reversalRemedy('MANUAL')).toContain('correcting journal');
  });
});
