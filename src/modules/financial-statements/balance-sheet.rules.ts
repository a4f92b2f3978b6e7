import { closingOf, type AccountMovement } from './account-movement.rules';
import { combine, figureOf, section, type Totals } from './statement-section.rules';
import { earlierYearsProfit, isProfitAndLoss } from './year-opening.rules';

/*
 * The line of Schedule III, Part I, each account falls in (docs/rules/reports.md, "Balance sheet
 * lines"). Advances are told apart by their system role, not their type (they share the
 * receivable and payable types for the party statements), so that they are never netted against
 * receivables and payables. SUSPENSE has no line in Schedule III: it stands on its own line under
 * current liabilities, where Tally shows it, so that an uncleared balance is seen, never netted away.
 */
const BY_ROLE: Record<string, string> = { advances_from_customers: 'other_current_liabilities', advances_to_vendors: 'other_current_assets' };
const BY_TYPE: Record<string, string> = {
  FIXED_ASSET: 'fixed_assets', ACCUMULATED_DEPRECIATION: 'fixed_assets', INVESTMENT: 'non_current_investments',
  STOCK: 'inventories', ACCOUNTS_RECEIVABLE: 'trade_receivables', BANK: 'cash_and_bank', CASH: 'cash_and_bank',
  GST_ASSET: 'other_current_assets', TDS_ASSET: 'other_current_assets', OTHER_CURRENT_ASSET: 'other_current_assets',
  LONG_TERM_LIABILITY: 'long_term_borrowings',
  ACCOUNTS_PAYABLE: 'trade_payables', GST_LIABILITY: 'other_current_liabilities', TDS_LIABILITY: 'other_current_liabilities',
  OTHER_CURRENT_LIABILITY: 'other_current_liabilities', PROVISION: 'short_term_provisions', SUSPENSE: 'suspense',
  EQUITY: 'owners_equity', RETAINED_EARNINGS: 'retained_earnings',
};
const lineOf = (m: AccountMovement) => (m.system_key !== null ? BY_ROLE[m.system_key] : undefined) ?? BY_TYPE[m.account_type];

/**
 * The balance sheet as at a date, in the order of Schedule III, Part I. Each movement's
 * `opening` is its net before the start of the date's financial year and its debits and
 * credits run from that start through the date. By the year-opening rule (year-opening.rules.ts)
 * income and expense accounts open the year at zero and what they held before is the earlier
 * years' profit, shown within retained earnings; what they hold since is the current year's
 * profit, its own line. Assets are debit balances,
 * liabilities and equity credit balances; a contra balance shows negative on its line.
 */
export function buildBalanceSheet(current: readonly AccountMovement[], previous: readonly AccountMovement[] | null) {
  for (const m of [...current, ...(previous ?? [])]) {
    if (!isProfitAndLoss(m) && lineOf(m) === undefined) throw new Error(`account type ${m.account_type} has no line on the balance sheet`);
  }
  const asset = (line: string) => section(current, previous, (m) => lineOf(m) === line, closingOf);
  const owed = (line: string) => section(current, previous, (m) => lineOf(m) === line, (m) => -closingOf(m));
  const bothDates = (of: (rows: readonly AccountMovement[]) => number): Totals => ({ amount: of(current), previous: previous ? of(previous) : null });

  const fixedAssets = asset('fixed_assets');
  const investments = asset('non_current_investments');
  const inventories = asset('inventories');
  const receivables = asset('trade_receivables');
  const cash = asset('cash_and_bank');
  const otherAssets = asset('other_current_assets');
  const borrowings = owed('long_term_borrowings');
  const payables = owed('trade_payables');
  const otherLiabilities = owed('other_current_liabilities');
  const provisions = owed('short_term_provisions');
  const suspense = owed('suspense');
  const ownersEquity = owed('owners_equity');
  const retainedAccounts = owed('retained_earnings');
  const earlierYears = bothDates((rows) => earlierYearsProfit(rows.map((m) => ({ account_type: m.account_type, beforeYear: m.opening }))));
  const currentYear = bothDates((rows) => -rows.filter(isProfitAndLoss).reduce((sum, m) => sum + m.debit - m.credit, 0));

  const nonCurrentAssets = combine([fixedAssets, investments]);
  const currentAssets = combine([inventories, receivables, cash, otherAssets]);
  const totalAssets = combine([{ totals: nonCurrentAssets }, { totals: currentAssets }]);
  const currentLiabilities = combine([payables, otherLiabilities, provisions, suspense]);
  const liabilities = combine([borrowings, { totals: currentLiabilities }]);
  const retained = combine([retainedAccounts, { totals: earlierYears }]);
  const equity = combine([ownersEquity, { totals: retained }, { totals: currentYear }]);
  const liabilitiesAndEquity = combine([{ totals: liabilities }, { totals: equity }]);
  // Every entry balances, so the accounts' balances add up to zero: a difference is a defect here, never in the books.
  if (totalAssets.amount !== liabilitiesAndEquity.amount || totalAssets.previous !== liabilitiesAndEquity.previous) {
    throw new Error(`balance sheet does not balance: assets ${totalAssets.amount}, liabilities and equity ${liabilitiesAndEquity.amount} (paise)`);
  }
  return {
    equity: {
      owners_equity: ownersEquity.json,
      retained_earnings: { accounts: retainedAccounts.json.accounts, earlier_years_profit: figureOf(earlierYears), ...figureOf(retained) },
      current_year_profit: figureOf(currentYear),
      ...figureOf(equity),
    },
    liabilities: {
      non_current_liabilities: { long_term_borrowings: borrowings.json, ...figureOf(borrowings.totals) },
      current_liabilities: {
        trade_payables: payables.json, other_current_liabilities: otherLiabilities.json, short_term_provisions: provisions.json, suspense: suspense.json,
        ...figureOf(currentLiabilities),
      },
      ...figureOf(liabilities),
    },
    total_equity_and_liabilities: figureOf(liabilitiesAndEquity),
    assets: {
      non_current_assets: { fixed_assets: fixedAssets.json, non_current_investments: investments.json, ...figureOf(nonCurrentAssets) },
      current_assets: {
        inventories: inventories.json, trade_receivables: receivables.json, cash_and_bank: cash.json, other_current_assets: otherAssets.json,
        ...figureOf(currentAssets),
      },
      ...figureOf(totalAssets),
    },
    total_assets: figureOf(totalAssets),
  };
}
