import { describe, expect, it } from 'vitest';
import { bankLine, book } from '../../../test/support/bank-april';
import { bankBalanceOn, bankOpening, entriesAt, inBankOrder } from './reconciliation-books.rules';

describe('book entries on a date', () => {
  it('sum a source\'s lines by then, dated by the posting in force, and leave out what nets to nothing', () => {
    const lines = [
      book('PAYMENT', 'p1', '2026-04-05', 1_000_00, { reference: 'UTR 1' }),
      // Edited from 10 April to 12 April: the original, its reversal, the new posting.
      book('PAYMENT', 'p2', '2026-04-10', -500_00, { standing: false }), book('PAYMENT', 'p2', '2026-04-10', 500_00, { standing: false }),
      book('PAYMENT', 'p2', '2026-04-12', -600_00, { reference: 'CHQ 2' }),
    ];
    expect([...entriesAt(lines, '2026-04-11').values()].map((e) => [e.sourceId, e.date, e.amount, e.reference])).toEqual([['p1', '2026-04-05', 1_000_00, 'UTR 1']]);
    expect([...entriesAt(lines, null).values()].map((e) => [e.sourceId, e.date, e.amount, e.reference])).toEqual([['p1', '2026-04-05', 1_000_00, 'UTR 1'], ['p2', '2026-04-12', -600_00, 'CHQ 2']]);
  });
});

describe("the bank's balances", () => {
  const lines = inBankOrder([
    bankLine('b', '2026-04-03', 'OUT', 200_00, null),
    bankLine('a', '2026-04-02', 'IN', 1_000_00, 6_000_00),
    bankLine('c', '2026-04-04', 'IN', 50_00, null),
  ]);

  it('open at the first line\'s balance less its amount, else the statement\'s opening', () => {
    expect(lines.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    // 6,000 − 1,000.
    expect(bankOpening(lines, 9_99)).toBe(5_000_00);
    expect(bankOpening(lines.slice(1), 7_00)).toBe(7_00);
  });

  it('stand on a date at the last running balance with the lines after it, else the opening with every line', () => {
    // 6,000 − 200 + 50.
    expect(bankBalanceOn(lines, null, '2026-04-30')).toBe(5_850_00);
    expect(bankBalanceOn(lines.slice(1), 1_000_00, '2026-04-03')).toBe(800_00);
    expect(bankBalanceOn(lines.slice(1), null, '2026-04-03')).toBeNull();
  });
});
