import type { BankTransactionsTable } from '../../db/bank-schema';
import { toRupees } from '../../kernel/money';
import type { BankLine } from './bank-lines.schemas';

export interface LineMatchRow { match_group_id: string; bank_transaction_id: string; source: string; source_id: string; amount: number | string }

/** A line as the API shows it: amounts in rupees, with the pairs of its match. */
export function presentBankLine(row: BankTransactionsTable, matches: readonly LineMatchRow[] = []): BankLine {
  return {
    bank_transaction_id: row.bank_transaction_id, account_id: row.account_id, statement_id: row.statement_id, date: row.txn_date, value_date: row.value_date,
    narration: row.narration, reference: row.reference, direction: row.direction as BankLine['direction'], amount: toRupees(Number(row.amount)),
    balance: row.balance === null ? null : toRupees(Number(row.balance)), status: row.status as BankLine['status'], exclude_reason: row.exclude_reason,
    reconciliation_id: row.reconciliation_id,
    matches: matches.map((m) => ({ match_group_id: m.match_group_id, bank_transaction_id: m.bank_transaction_id, source: m.source, source_id: m.source_id, amount: toRupees(Number(m.amount)) })),
    created_time: row.created_time, updated_time: row.updated_time,
  };
}
