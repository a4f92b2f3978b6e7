import type { AccountMovement } from './account-movement.rules';
import { combine, figureOf, section } from './statement-section.rules';

/** The income and expense types, by the line of Schedule III, Part II, each falls in. */
const LINES = {
  revenue_from_operations: ['SALES', 'INCOME'],
  other_income: ['OTHER_INCOME'],
  cost_of_goods_sold: ['COST_OF_GOODS_SOLD'],
  expenses: ['EXPENSE'],
  other_expenses: ['OTHER_EXPENSE'],
} as const;

/** The account types whose balances the statement of profit and loss reads (and which open each financial year at zero). */
export const PROFIT_AND_LOSS_TYPES: readonly string[] = Object.values(LINES).flat();

/**
 * The system roles of the tax-expense accounts: tax on the profit, an OTHER_EXPENSE by type,
 * shown below profit before tax rather than among the expenses (Schedule III, Part II, VIII).
 */
export const TAX_EXPENSE_KEYS: readonly string[] = ['income_tax_expense'];
const isTaxExpense = (m: AccountMovement) => m.system_key !== null && TAX_EXPENSE_KEYS.includes(m.system_key);

/**
 * The statement of profit and loss in the order of Schedule III, Part II, of the Companies
 * Act, 2013: revenue from operations, other income, total income, expenses, total expenses,
 * profit before tax, tax expense, and the profit for the period after it (net_profit, equal to
 * profit before tax when no tax is booked); gross profit (revenue from operations less cost of
 * goods sold) beside it.
 * Income counts credits less debits, expenses debits less credits, over the range.
 */
export function buildProfitAndLoss(current: readonly AccountMovement[], previous: readonly AccountMovement[] | null) {
  const line = (types: readonly string[], sign: 1 | -1) =>
    section(current, previous, (m) => types.includes(m.account_type) && !isTaxExpense(m), (m) => sign * (m.debit - m.credit));
  const revenue = line(LINES.revenue_from_operations, -1);
  const other = line(LINES.other_income, -1);
  const cogs = line(LINES.cost_of_goods_sold, 1);
  const expenses = line(LINES.expenses, 1);
  const otherExpenses = line(LINES.other_expenses, 1);
  const totalIncome = combine([revenue, other]);
  const totalExpenses = combine([cogs, expenses, otherExpenses]);
  const taxExpense = section(current, previous, isTaxExpense, (m) => m.debit - m.credit);
  const profitBeforeTax = combine([{ totals: totalIncome }, { totals: totalExpenses, sign: -1 }]);
  return {
    revenue_from_operations: revenue.json,
    other_income: other.json,
    total_income: figureOf(totalIncome),
    expenses: { cost_of_goods_sold: cogs.json, expenses: expenses.json, other_expenses: otherExpenses.json },
    total_expenses: figureOf(totalExpenses),
    profit_before_tax: figureOf(profitBeforeTax),
    tax_expense: taxExpense.json,
    net_profit: figureOf(combine([{ totals: profitBeforeTax }, { totals: taxExpense.totals, sign: -1 }])),
    gross_profit: figureOf(combine([revenue, { totals: cogs.totals, sign: -1 }])),
  };
}
