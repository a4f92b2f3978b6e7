import { rupeesText } from '../../kernel/money';

/*
 * The financial statements as CSV (`format=csv`): one header row, then the statement top to
 * bottom as its JSON reads, amounts as plain numbers in rupees with two decimals.
 */

type Cells = Record<string, string | number>;
const cell = (rupees: number | null | undefined) => (rupees === null || rupees === undefined ? '' : rupeesText(rupees));

export const STATEMENT_COLUMNS = ['line', 'account_code', 'account_name', 'amount', 'previous_amount'] as const;

interface Figure { amount: number; previous_amount: number | null }
interface AccountFigure extends Figure { account_code: string | null; account_name: string }
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isFigure = (value: Record<string, unknown>): value is Figure & Record<string, unknown> => typeof value.amount === 'number';

/**
 * A statement (profit and loss, balance sheet) as rows: each line by its path in the JSON
 * (`assets.current_assets.cash_and_bank`), its accounts first, then the lines within it, then its
 * own total with no account (a group without a total of its own, such as the expenses by nature,
 * has none). Fields that are not figures (dates, branch) are left out.
 */
export function statementRows(statement: Record<string, unknown>, path: string[] = []): Cells[] {
  const rows: Cells[] = [];
  for (const [key, value] of Object.entries(statement)) {
    if (!isObject(value)) continue;
    const line = [...path, key].join('.');
    const accounts = Array.isArray(value.accounts) ? (value.accounts as AccountFigure[]) : [];
    for (const a of accounts) rows.push({ line, account_code: a.account_code ?? '', account_name: a.account_name, amount: cell(a.amount), previous_amount: cell(a.previous_amount) });
    rows.push(...statementRows(value, [...path, key]));
    if (isFigure(value)) rows.push({ line, account_code: '', account_name: '', amount: cell(value.amount), previous_amount: cell(value.previous_amount) });
  }
  return rows;
}

interface TrialBalanceRow {
  account_code: string | null; account_name: string; account_type: string;
  opening_balance?: number; opening_balance_side?: string; debit: number; credit: number; balance: number; balance_side: string;
}
interface TrialBalance { accounts: readonly TrialBalanceRow[]; from_date?: string; total_debit: number; total_credit: number }

const TRIAL_BALANCE_COLUMNS = ['account_code', 'account_name', 'account_type', 'debit', 'credit', 'balance', 'balance_side'];
const PERIOD_COLUMNS = ['account_code', 'account_name', 'account_type', 'opening_balance', 'opening_balance_side', 'debit', 'credit', 'balance', 'balance_side'];

/** The trial balance as CSV columns and rows: a row per account and a Total row of the debits and credits (with the openings in the period form). */
export function trialBalanceTable(tb: TrialBalance): { columns: string[]; rows: Cells[] } {
  const rows: Cells[] = tb.accounts.map((a) => ({
    account_code: a.account_code ?? '', account_name: a.account_name, account_type: a.account_type,
    opening_balance: cell(a.opening_balance), opening_balance_side: a.opening_balance_side ?? '',
    debit: cell(a.debit), credit: cell(a.credit), balance: cell(a.balance), balance_side: a.balance_side,
  }));
  rows.push({ account_name: 'Total', debit: cell(tb.total_debit), credit: cell(tb.total_credit) });
  return { columns: tb.from_date === undefined ? TRIAL_BALANCE_COLUMNS : PERIOD_COLUMNS, rows };
}
