import type { BankTransactionsTable } from '../../db/bank-schema';
import { formatRupees } from '../../kernel/money';

/* An account's lines as spreadsheet rows, in the bank's order: money out and in in two columns, as a statement shows them. */

export const BANK_LINE_COLUMNS = [
  'bank_transaction_id', 'date', 'value_date', 'narration', 'reference', 'withdrawal', 'deposit', 'balance', 'status', 'exclude_reason', 'statement_id',
] as const;

export function bankLineRows(rows: readonly BankTransactionsTable[]): Record<string, string>[] {
  return rows.map((r) => ({
    bank_transaction_id: r.bank_transaction_id, date: r.txn_date, value_date: r.value_date ?? '', narration: r.narration, reference: r.reference ?? '',
    withdrawal: r.direction === 'OUT' ? formatRupees(Number(r.amount)) : '', deposit: r.direction === 'IN' ? formatRupees(Number(r.amount)) : '',
    balance: r.balance === null ? '' : formatRupees(Number(r.balance)), status: r.status, exclude_reason: r.exclude_reason ?? '', statement_id: r.statement_id,
  }));
}
