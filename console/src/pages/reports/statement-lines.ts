/**
 * A financial statement as the rows of one table, top to bottom: headings, lines with their
 * totals, the accounts under each line, and the statement's totals. Every figure is the API's;
 * these functions only put them in order and say which account's ledger each one comes from.
 */
import type { components } from '@bahi/sdk';

type Schemas = components['schemas'];
export type StatementFigure = Schemas['StatementFigure'];
type Section = Schemas['StatementSection'];
type SectionAccount = Section['accounts'][number];

/** heading: words only; group: a subtotal of lines; line: a Schedule III line; account: one account; total: the statement's own. */
export type LineLevel = 'heading' | 'group' | 'line' | 'account' | 'total';

/**
 * Where a line's figures lead: the ledger of the account they come from (an account's row, or a
 * line of one account); the heading of the part of the statement they total, whose accounts
 * lead on; or, for the year's profit on the balance sheet, the profit and loss.
 */
export type LineLink = { account: string } | { part: string } | { profitAndLoss: true };

export interface StatementLine {
  key: string;
  label: string;
  level: LineLevel;
  figure?: StatementFigure;
  link?: LineLink;
}

/** The id of a heading that a total links back to. */
export const partAnchor = (key: string) => `statement-${key}`;

const heading = (key: string, label: string): StatementLine => ({ key, label, level: 'heading' });
const figureLine = (key: string, label: string, figure: StatementFigure, level: LineLevel): StatementLine =>
  ({ key, label, level, figure: { amount: figure.amount, previous_amount: figure.previous_amount } });

export const accountLabel = (a: { account_code: string | null; account_name: string }) =>
  a.account_code ? `${a.account_code} ${a.account_name}` : a.account_name;

const linked = (line: StatementLine, link: LineLink): StatementLine => ({ ...line, link });

const accountLines = (accounts: readonly SectionAccount[]): StatementLine[] =>
  accounts.map((a) => linked(figureLine(a.account_id, accountLabel(a), a, 'account'), { account: a.account_id }));

/**
 * A Schedule III line and, under it, its accounts. A line of one account is that account's
 * figure, so its total links to that account's ledger as well.
 */
export function sectionLines(key: string, label: string, section: Pick<Section, 'amount' | 'previous_amount'> & { accounts: readonly SectionAccount[] }, extra: StatementLine[] = []): StatementLine[] {
  const line = figureLine(key, label, section, 'line');
  const only = section.accounts.length === 1 && extra.length === 0 ? section.accounts[0]!.account_id : undefined;
  return [
    only ? linked(line, { account: only }) : line,
    ...accountLines(section.accounts),
    ...extra,
  ];
}

/** The statement of profit and loss, in the order of Schedule III, Part II. */
export function profitAndLossLines(pl: Schemas['ProfitAndLoss']): StatementLine[] {
  return [
    heading('income', 'Income'),
    ...sectionLines('revenue_from_operations', 'Revenue from operations', pl.revenue_from_operations),
    ...sectionLines('other_income', 'Other income', pl.other_income),
    linked(figureLine('total_income', 'Total income', pl.total_income, 'total'), { part: 'income' }),
    heading('expenses', 'Expenses'),
    ...sectionLines('cost_of_goods_sold', 'Cost of goods sold', pl.expenses.cost_of_goods_sold),
    ...sectionLines('expenses_by_nature', 'Expenses', pl.expenses.expenses),
    ...sectionLines('other_expenses', 'Other expenses', pl.expenses.other_expenses),
    linked(figureLine('total_expenses', 'Total expenses', pl.total_expenses, 'total'), { part: 'expenses' }),
    figureLine('profit_before_tax', 'Profit before tax', pl.profit_before_tax, 'total'),
    ...sectionLines('tax_expense', 'Tax expense', pl.tax_expense),
    figureLine('net_profit', 'Profit for the period', pl.net_profit, 'total'),
    figureLine('gross_profit', 'Gross profit (revenue from operations less cost of goods sold)', pl.gross_profit, 'group'),
  ];
}

/** The balance sheet, in the order of Schedule III, Part I. */
export function balanceSheetLines(bs: Schemas['BalanceSheet']): StatementLine[] {
  const { equity, liabilities, assets } = bs;
  const retained = equity.retained_earnings;
  return [
    heading('equity_and_liabilities', 'Equity and liabilities'),
    figureLine('equity', "Shareholders' funds", equity, 'group'),
    ...sectionLines('owners_equity', 'Share capital', equity.owners_equity),
    ...sectionLines('retained_earnings', 'Reserves and surplus', retained, [
      figureLine('earlier_years_profit', 'Profit of earlier years', retained.earlier_years_profit, 'account'),
    ]),
    linked(figureLine('current_year_profit', 'Profit for the year to date', equity.current_year_profit, 'line'), { profitAndLoss: true }),
    figureLine('non_current_liabilities', 'Non-current liabilities', liabilities.non_current_liabilities, 'group'),
    ...sectionLines('long_term_borrowings', 'Long-term borrowings', liabilities.non_current_liabilities.long_term_borrowings),
    figureLine('current_liabilities', 'Current liabilities', liabilities.current_liabilities, 'group'),
    ...sectionLines('trade_payables', 'Trade payables', liabilities.current_liabilities.trade_payables),
    ...sectionLines('other_current_liabilities', 'Other current liabilities', liabilities.current_liabilities.other_current_liabilities),
    ...sectionLines('short_term_provisions', 'Short-term provisions', liabilities.current_liabilities.short_term_provisions),
    ...sectionLines('suspense', 'Suspense (to be cleared)', liabilities.current_liabilities.suspense),
    figureLine('total_equity_and_liabilities', 'Total equity and liabilities', bs.total_equity_and_liabilities, 'total'),
    heading('assets', 'Assets'),
    figureLine('non_current_assets', 'Non-current assets', assets.non_current_assets, 'group'),
    ...sectionLines('fixed_assets', 'Property, plant and equipment', assets.non_current_assets.fixed_assets),
    ...sectionLines('non_current_investments', 'Non-current investments', assets.non_current_assets.non_current_investments),
    figureLine('current_assets', 'Current assets', assets.current_assets, 'group'),
    ...sectionLines('inventories', 'Inventories', assets.current_assets.inventories),
    ...sectionLines('trade_receivables', 'Trade receivables', assets.current_assets.trade_receivables),
    ...sectionLines('cash_and_bank', 'Cash and cash equivalents', assets.current_assets.cash_and_bank),
    ...sectionLines('other_current_assets', 'Other current assets', assets.current_assets.other_current_assets),
    figureLine('total_assets', 'Total assets', bs.total_assets, 'total'),
  ];
}
