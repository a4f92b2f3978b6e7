import type { Paise } from '../../kernel/money';
import { PROFIT_AND_LOSS_TYPES } from './profit-and-loss.rules';

/*
 * How a financial year (1 April to 31 March) opens the books, the one rule behind every report
 * that shows an opening balance or reads the earlier years' profit: the trial balance over a
 * period, the general ledger, the ledger export and the balance sheet. Income and expense
 * accounts open each year at zero; what they held at its start is the profit of the earlier
 * years, which the Retained Earnings account opens with on top of its own balance. Nothing is
 * posted at a year's end: the rule reads the books as they are.
 */

/** The system role of the account that opens each year with the earlier years' profit. */
export const RETAINED_EARNINGS_KEY = 'retained_earnings';

export const isProfitAndLoss = (account: { account_type: string }) => PROFIT_AND_LOSS_TYPES.includes(account.account_type);

/** An account's net (debit − credit, paise) before the start of a day's financial year, and before the day itself. */
export interface OpeningNets {
  account_type: string;
  system_key: string | null;
  beforeYear: Paise;
  beforeDay: Paise;
}

/** The profit of the years before the day's financial year (positive: a profit): the income and expense accounts' credit net at its start. */
export const earlierYearsProfit = (accounts: readonly Pick<OpeningNets, 'account_type' | 'beforeYear'>[]): Paise =>
  -accounts.filter(isProfitAndLoss).reduce((sum, a) => sum + a.beforeYear, 0);

/**
 * The net an account opens a day with: an income or expense account what it moved since the
 * day's financial year began; Retained Earnings its own net less the earlier years' profit (a
 * profit is a credit); any other account everything before the day.
 */
export function openingNet(account: OpeningNets, earlierProfit: Paise): Paise {
  if (isProfitAndLoss(account)) return account.beforeDay - account.beforeYear;
  if (account.system_key === RETAINED_EARNINGS_KEY) return account.beforeDay - earlierProfit;
  return account.beforeDay;
}

/** Every account's opening net by the rule above; they still add up to zero, since the profit moves from one side to the other. */
export function openingNets<T extends OpeningNets>(accounts: readonly T[]): (T & { opening: Paise })[] {
  const earlierProfit = earlierYearsProfit(accounts);
  return accounts.map((a) => ({ ...a, opening: openingNet(a, earlierProfit) }));
}
