import { entryKey, type BankLine, type BookLine } from '../../src/modules/banking/reconciliation-books.rules';
import type { AccountTies } from '../../src/modules/banking/reconciliation-ties.rules';

/*
 * April for the rules' tests, in paise. Books: the opening ₹50,000 (31 March), a cheque of
 * ₹8,000 issued 30 March and presented 2 April, a receipt of ₹10,000 on 5 April credited on
 * the 6th, a cheque of ₹3,000 on 28 April and a deposit of ₹2,000 on 30 April neither yet in
 * the bank. Bank: opening ₹50,000 (the cheque not yet presented), bank charges ₹118 and
 * interest ₹500 not in the books, and a debit of ₹1,000 the bank reversed the next day, both excluded.
 */

export const book = (source: string, sourceId: string, date: string, amount: number, extra: Partial<BookLine> = {}): BookLine =>
  ({ source, sourceId, date, amount, standing: true, reference: null, memo: null, ...extra });

let sequence = 0;
export const bankLine = (id: string, date: string, direction: 'IN' | 'OUT', amount: number, balance: number | null, extra: Partial<BankLine> = {}): BankLine =>
  ({ id, date, sequence: ++sequence, direction, amount, balance, status: 'UNMATCHED', reconciliationId: null, narration: id, reference: null, ...extra });

/** Arrays the tests add to. */
type Ties = { [K in keyof AccountTies]: AccountTies[K] extends readonly (infer T)[] ? T[] : AccountTies[K] };

export const april = (): Ties => ({
  bookLines: [
    book('MANUAL', 'ob', '2026-03-31', 50_000_00),
    book('PAYMENT', 'chq', '2026-03-30', -8_000_00),
    book('PAYMENT', 'rcpt', '2026-04-05', 10_000_00),
    book('PAYMENT', 'chq2', '2026-04-28', -3_000_00),
    book('PAYMENT', 'dep', '2026-04-30', 2_000_00),
  ],
  lines: [
    bankLine('L1', '2026-04-02', 'OUT', 8_000_00, 42_000_00, { status: 'MATCHED' }),
    bankLine('L2', '2026-04-06', 'IN', 10_000_00, 52_000_00, { status: 'MATCHED' }),
    bankLine('L3', '2026-04-15', 'OUT', 118_00, 51_882_00),
    bankLine('L4', '2026-04-20', 'IN', 500_00, 52_382_00),
    bankLine('L5', '2026-04-25', 'OUT', 1_000_00, 51_382_00, { status: 'EXCLUDED' }),
    bankLine('L6', '2026-04-26', 'IN', 1_000_00, 52_382_00, { status: 'EXCLUDED' }),
  ],
  groups: [
    { lineIds: ['L1'], entryKeys: [entryKey('PAYMENT', 'chq')] },
    { lineIds: ['L2'], entryKeys: [entryKey('PAYMENT', 'rcpt')] },
  ],
  statementOpening: null,
});
