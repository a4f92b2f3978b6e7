import type { BankStatementsTable } from '../../db/bank-schema';
import { toRupees } from '../../kernel/money';

const rupeesOrNull = (paise: number | null) => (paise === null ? null : toRupees(Number(paise)));

/** A statement row as the API shows it: amounts in rupees. */
export function presentStatement(row: BankStatementsTable) {
  return {
    statement_id: row.statement_id, account_id: row.account_id, format: row.format, preset: row.preset, file_name: row.file_name,
    from_date: row.from_date, to_date: row.to_date, opening_balance: rupeesOrNull(row.opening_balance), closing_balance: rupeesOrNull(row.closing_balance),
    lines: Number(row.lines), new_lines: Number(row.new_lines), matched: Number(row.matched), created_time: row.created_time,
  };
}
