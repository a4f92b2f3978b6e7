import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { Id, LocalDateSchema, Query, ReportFormat, StringEnum } from '../../http/schema-kit';
import { accountProperties } from '../catalog/catalog.schemas';
import { BusinessDate } from '../ledger/ledger.schemas';
import { COMPARISONS } from './report-periods.rules';

const STATEMENT_CSV = 'csv answers text/csv: line, account_code, account_name, amount, previous_amount; each line\'s accounts, then its total (no account), top to bottom';

export const ProfitAndLossQuery = Query({
  from_date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD; default the start of the financial year holding to_date' }),
  to_date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD; default today' }),
  branch_id: Type.Optional(Id('branch_id')),
  compare: Type.Optional(StringEnum(COMPARISONS, 'previous_period: the range of equal length just before; previous_year: the same dates a year earlier')),
  format: ReportFormat(STATEMENT_CSV),
});
export type ProfitAndLossQuery = Static<typeof ProfitAndLossQuery>;

export const BalanceSheetQuery = Query({
  date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD, the day the balances are as at; default today' }),
  branch_id: Type.Optional(Id('branch_id')),
  compare: Type.Optional(StringEnum(['previous_year'] as const, 'previous_year: the same date a year earlier')),
  format: ReportFormat(STATEMENT_CSV),
});
export type BalanceSheetQuery = Static<typeof BalanceSheetQuery>;

/** A figure of a statement, for its date or period and, with `compare`, for the other one. */
const figureProperties = {
  amount: Amount,
  previous_amount: NullableOf({ ...Amount, description: 'The same figure for the compared date or range; null without compare' }),
};
const StatementFigure = Named('StatementFigure', Strict(figureProperties, 'A figure of a financial statement, with its comparison figure.'));

const StatementSection = Named('StatementSection', Strict({
  accounts: Type.Array(Strict({ ...accountProperties, ...figureProperties }), { description: 'In account-code order; those with a non-zero figure in either range' }),
  ...figureProperties,
}, 'A line of a financial statement: its accounts and their total.'));

const statementScope = {
  branch_id: NullableOf(Type.String({ description: "The branch whose books these are (its GSTIN's); null for the whole organisation" })),
  compare: NullableOf(Type.String({ description: 'The comparison asked for; null without one' })),
};

export const ProfitAndLoss = Named('ProfitAndLoss', Strict({
  from_date: BusinessDate,
  to_date: BusinessDate,
  ...statementScope,
  previous_from_date: NullableOf(BusinessDate),
  previous_to_date: NullableOf(BusinessDate),
  revenue_from_operations: StatementSection,
  other_income: StatementSection,
  total_income: StatementFigure,
  expenses: Strict({ cost_of_goods_sold: StatementSection, expenses: StatementSection, other_expenses: StatementSection }, 'Expenses by nature'),
  total_expenses: StatementFigure,
  profit_before_tax: StatementFigure,
  tax_expense: { ...StatementSection, description: 'Tax on the profit: the Income Tax Expense account (an OTHER_EXPENSE kept out of other_expenses)' },
  net_profit: { ...StatementFigure, description: 'Profit after tax: profit_before_tax less tax_expense; equal to profit_before_tax when no tax expense is booked' },
  gross_profit: StatementFigure,
}, 'The statement of profit and loss over a range, in the order of Schedule III, Part II, of the Companies Act, 2013: profit_before_tax is total income less total expenses; net_profit is profit_before_tax less tax_expense; gross_profit (supplementary) is revenue from operations less cost of goods sold.'));

export const BalanceSheet = Named('BalanceSheet', Strict({
  date: BusinessDate,
  ...statementScope,
  previous_date: NullableOf(BusinessDate),
  equity: Strict({
    owners_equity: StatementSection,
    retained_earnings: Strict({
      accounts: Type.Array(Strict({ ...accountProperties, ...figureProperties })),
      earlier_years_profit: StatementFigure,
      ...figureProperties,
    }),
    current_year_profit: { ...StatementFigure, description: "The profit of the date's financial year, from 1 April through the date" },
    ...figureProperties,
  }),
  liabilities: Strict({
    non_current_liabilities: Strict({
      long_term_borrowings: { ...StatementSection, description: 'LONG_TERM_LIABILITY accounts: loans taken, secured and unsecured' },
      ...figureProperties,
    }),
    current_liabilities: Strict({
      trade_payables: StatementSection,
      other_current_liabilities: StatementSection,
      short_term_provisions: { ...StatementSection, description: 'PROVISION accounts' },
      suspense: { ...StatementSection, description: 'SUSPENSE accounts, a line of their own so that an uncleared balance shows; a debit balance is negative' },
      ...figureProperties,
    }),
    ...figureProperties,
  }),
  total_equity_and_liabilities: StatementFigure,
  assets: Strict({
    non_current_assets: Strict({
      fixed_assets: StatementSection,
      non_current_investments: { ...StatementSection, description: 'INVESTMENT accounts' },
      ...figureProperties,
    }),
    current_assets: Strict({
      inventories: StatementSection,
      trade_receivables: StatementSection,
      cash_and_bank: StatementSection,
      other_current_assets: StatementSection,
      ...figureProperties,
    }),
    ...figureProperties,
  }),
  total_assets: StatementFigure,
}, 'The balance sheet as at a date, in the order of Schedule III, Part I, of the Companies Act, 2013. Fixed assets are net of accumulated depreciation (a negative line); other current assets hold GST input, TDS receivable, advances to vendors and OTHER_CURRENT_ASSET accounts, other current liabilities GST and TDS payable, advances from customers and OTHER_CURRENT_LIABILITY accounts. Retained earnings are the profit of every earlier financial year; the current year\'s profit (1 April through the date) is its own line. total_assets always equals total_equity_and_liabilities.'));
