import { describe, expect, it } from 'vitest';
import { entryKey } from './reconciliation-books.rules';
import { april, book } from '../../../test/support/bank-april';
import { assertStatementDate, reconciliationFigures } from './reconciliation.rules';

describe("an open reconciliation's figures", () => {
  it('clears from the bank opening the entries matched to lines by the date', () => {
    const f = reconciliationFigures(april(), '2026-04-30', 52_382_00);
    // 50,000 − 8,000 + 10,000 = 52,000; the bank's 52,382 is 382 more (interest 500 less charges 118, not booked).
    expect(f.cleared).toBe(52_000_00);
    expect(f.difference).toBe(382_00);
    expect(f.lines.map((l) => l.id)).toEqual(['L1', 'L2', 'L5', 'L6']);
  });

  it('reaches 0 once the charges and interest are booked and matched, and counts entries dated after the date', () => {
    const ties = april();
    ties.bookLines.push(book('EXPENSE', 'charges', '2026-05-01', -118_00), book('MANUAL', 'interest', '2026-04-20', 500_00));
    ties.groups.push({ lineIds: ['L3'], entryKeys: [entryKey('EXPENSE', 'charges')] }, { lineIds: ['L4'], entryKeys: [entryKey('MANUAL', 'interest')] });
    const f = reconciliationFigures(ties, '2026-04-30', 52_382_00);
    expect([f.cleared, f.difference]).toEqual([52_382_00, 0]);
    expect(f.lines.map((l) => l.id)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5', 'L6']);
  });

  it('reads the entry as it stands now: an edit after the match shows as a difference', () => {
    const ties = april();
    expect(reconciliationFigures(ties, '2026-04-10', 52_000_00).difference).toBe(0);
    ties.bookLines.push(book('PAYMENT', 'rcpt', '2026-04-05', -10_000_00, { standing: false }), book('PAYMENT', 'rcpt', '2026-04-05', 9_000_00));
    // 50,000 − 8,000 + 9,000 = 51,000 against the bank's 52,000.
    expect(reconciliationFigures(ties, '2026-04-10', 52_000_00).difference).toBe(1_000_00);
  });

  it('leaves out a match with a line after the date, and lines settled before', () => {
    const ties = april();
    ties.groups[1] = { lineIds: ['L2', 'L4'], entryKeys: [entryKey('PAYMENT', 'rcpt')] };
    ties.lines[0]!.reconciliationId = 'brc_1';
    const f = reconciliationFigures(ties, '2026-04-10', 52_000_00);
    expect(f.cleared).toBe(42_000_00);
    expect(f.lines).toEqual([]);
  });
});

describe('the date of a new reconciliation', () => {
  it('is after the last closed one and not after today', () => {
    expect(() => assertStatementDate('2026-04-30', '2026-03-31', '2026-05-02')).not.toThrow();
    expect(() => assertStatementDate('2026-03-31', '2026-03-31', '2026-05-02')).toThrow(/after 2026-03-31/);
    expect(() => assertStatementDate('2026-05-03', null, '2026-05-02')).toThrow(/not after today/);
  });
});
