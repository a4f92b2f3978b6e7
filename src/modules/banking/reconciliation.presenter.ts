import type { Static } from '@sinclair/typebox';
import { isoTimestamp } from '../../kernel/local-date';
import { toRupees, type Paise } from '../../kernel/money';
import { signedAmount, type BankLine, type BookEntry } from './reconciliation-books.rules';
import type { ReconciliationStatement } from './reconciliation-statement.rules';
import type { BankReconciliationReport, Reconciliation } from './reconciliation.schemas';
import type { ReconciliationRow } from './reconciliation.store';

type SettledLine = Static<typeof Reconciliation>['lines'][number];

/** A stored line as a reconciliation lists it. */
export const settledLineOf = (l: Pick<BankLine, 'id' | 'date' | 'narration' | 'reference' | 'direction' | 'amount' | 'status'>): SettledLine => ({
  bank_transaction_id: l.id, date: l.date, narration: l.narration, reference: l.reference, direction: l.direction, amount: toRupees(l.amount), status: l.status,
});

const stamp = (time: string | null) => (time === null ? null : isoTimestamp(new Date(time)));

/** A reconciliation's figures: an open one's as they stand (`live`), a closed one's as they were at its close. */
export function presentReconciliation(row: ReconciliationRow, live: { cleared: Paise; lineCount: number } | null) {
  const cleared = live?.cleared ?? Number(row.cleared_balance);
  return {
    reconciliation_id: row.reconciliation_id, account_id: row.account_id, statement_date: row.statement_date,
    closing_balance: toRupees(Number(row.closing_balance)), status: row.status as 'OPEN' | 'CLOSED',
    cleared_balance: toRupees(cleared), difference: toRupees(Number(row.closing_balance) - cleared),
    line_count: live?.lineCount ?? Number(row.lines),
    closed_time: stamp(row.closed_time), reopened_time: stamp(row.reopened_time), created_time: stamp(row.created_time)!,
  };
}

const bookItem = (e: BookEntry) => ({ source: e.source, source_id: e.sourceId, date: e.date, reference: e.reference, memo: e.memo, amount: toRupees(e.amount) });
const bankItem = (amountOf: (l: BankLine) => Paise) => (l: BankLine) =>
  ({ bank_transaction_id: l.id, date: l.date, narration: l.narration, reference: l.reference, amount: toRupees(amountOf(l)) });
const listOf = <T, R>(items: readonly T[], present: (item: T) => R, amountOf: (item: T) => Paise) =>
  ({ total: toRupees(items.reduce((s, i) => s + amountOf(i), 0)), items: items.map(present) });

export function presentStatement(account: { account_id: string; account_name: string }, s: ReconciliationStatement): Static<typeof BankReconciliationReport> {
  const positive = bankItem((l) => l.amount);
  return {
    account_id: account.account_id, account_name: account.account_name, date: s.date,
    balance_per_books: toRupees(s.balancePerBooks),
    deposits_not_yet_credited: listOf(s.depositsNotYetCredited, bookItem, (e) => e.amount),
    cheques_not_yet_presented: listOf(s.chequesNotYetPresented, bookItem, (e) => e.amount),
    bank_credits_not_in_books: listOf(s.bankCredits, positive, (l) => l.amount),
    bank_debits_not_in_books: listOf(s.bankDebits, positive, (l) => l.amount),
    balance_per_bank: toRupees(s.balancePerBank), bank_stated_balance: toRupees(s.bankStatedBalance),
    holds: s.difference === 0, difference: toRupees(s.difference),
    excluded_lines: listOf(s.excluded, bankItem(signedAmount), signedAmount),
    opening: { first_line_date: s.opening.firstLineDate, bank: s.opening.bank === null ? null : toRupees(s.opening.bank), books: toRupees(s.opening.books) },
  };
}
