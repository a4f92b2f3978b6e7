import { describe, expect, it } from 'vitest';
import { entryKey } from './reconciliation-books.rules';
import { april, bankLine, book } from '../../../test/support/bank-april';
import { reconciliationStatement } from './reconciliation-statement.rules';

describe('the bank reconciliation statement', () => {
  it('goes from the books to the bank through what only one side has', () => {
    const s = reconciliationStatement(april(), '2026-04-30');
    // Books: 50,000 − 8,000 + 10,000 − 3,000 + 2,000 = 51,000.
    expect(s.balancePerBooks).toBe(51_000_00);
    expect(s.depositsNotYetCredited.map((e) => [e.sourceId, e.amount])).toEqual([['dep', 2_000_00]]);
    expect(s.chequesNotYetPresented.map((e) => [e.sourceId, e.amount])).toEqual([['chq2', 3_000_00]]);
    expect(s.bankCredits.map((l) => l.id)).toEqual(['L4']);
    expect(s.bankDebits.map((l) => l.id)).toEqual(['L3']);
    // 51,000 − 2,000 + 3,000 + 500 − 118 = 52,382: the last line's balance.
    expect(s.balancePerBank).toBe(52_382_00);
    expect(s.bankStatedBalance).toBe(52_382_00);
    expect(s.difference).toBe(0);
    expect(s.excluded.map((l) => l.id)).toEqual(['L5', 'L6']);
    // The bank opened at 50,000 (42,000 + 8,000 before the first line); the books' entries before it not matched: the opening 50,000.
    expect(s.opening).toEqual({ firstLineDate: '2026-04-02', bank: 50_000_00, books: 50_000_00 });
  });

  it('counts an entry before the statements matched to a later line as outstanding until that line', () => {
    const s = reconciliationStatement(april(), '2026-04-01');
    expect(s.chequesNotYetPresented.map((e) => [e.sourceId, e.amount])).toEqual([['chq', 8_000_00]]);
    // Books 42,000 + the cheque 8,000 = 50,000, the bank's opening.
    expect([s.balancePerBooks, s.balancePerBank, s.bankStatedBalance]).toEqual([42_000_00, 50_000_00, 50_000_00]);
  });

  it('puts a line whose entry is dated after the date in the bank only, and the entry nowhere', () => {
    const ties = april();
    ties.bookLines.push(book('EXPENSE', 'charges', '2026-05-02', -118_00));
    ties.groups.push({ lineIds: ['L3'], entryKeys: [entryKey('EXPENSE', 'charges')] });
    const s = reconciliationStatement(ties, '2026-04-30');
    expect(s.bankDebits.map((l) => l.id)).toEqual(['L3']);
    expect(s.difference).toBe(0);
    expect(reconciliationStatement(ties, '2026-05-02').bankDebits).toEqual([]);
  });

  it('reads an entry edited to another date at its new date, and a deleted one not at all', () => {
    const ties = april();
    ties.bookLines.push(
      book('PAYMENT', 'moved', '2026-04-10', 700_00, { standing: false }), book('PAYMENT', 'moved', '2026-04-10', -700_00, { standing: false }), book('PAYMENT', 'moved', '2026-04-08', 700_00),
      book('PAYMENT', 'gone', '2026-04-12', 900_00, { standing: false }), book('PAYMENT', 'gone', '2026-04-12', -900_00, { standing: false }),
    );
    const s = reconciliationStatement(ties, '2026-04-30');
    expect(s.depositsNotYetCredited.map((e) => [e.sourceId, e.date, e.amount])).toEqual([['moved', '2026-04-08', 700_00], ['dep', '2026-04-30', 2_000_00]]);
  });

  it('shows an excluded line that stands alone as a difference from the bank', () => {
    const ties = april();
    ties.lines = ties.lines.filter((l) => l.id !== 'L6');
    const s = reconciliationStatement(ties, '2026-04-30');
    expect([s.bankStatedBalance, s.balancePerBank, s.difference]).toEqual([51_382_00, 52_382_00, -1_000_00]);
  });

  it('takes the books as the bank before the statements when the bank states no balance', () => {
    const ties = april();
    ties.lines = [bankLine('N1', '2026-04-06', 'IN', 10_000_00, null, { status: 'MATCHED' })];
    ties.groups = [{ lineIds: ['N1'], entryKeys: [entryKey('PAYMENT', 'rcpt')] }];
    const s = reconciliationStatement(ties, '2026-04-30');
    // Before 6 April the books hold 50,000 − 8,000 = 42,000 not matched to a line; the bank 42,000 + 10,000.
    expect(s.opening).toEqual({ firstLineDate: '2026-04-06', bank: null, books: 42_000_00 });
    expect(s.bankStatedBalance).toBe(52_000_00);
    expect(s.difference).toBe(0);
  });
});
