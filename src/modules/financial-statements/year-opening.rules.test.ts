import { describe, expect, it } from 'vitest';
import { earlierYearsProfit, openingNets } from './year-opening.rules';

const account = (account_type: string, beforeYear: number, beforeDay: number, system_key: string | null = null) => ({ account_type, system_key, beforeYear, beforeDay });

describe('the year-opening rule', () => {
  it('opens income and expenses with the year so far, Retained Earnings with the earlier years\' profit, the rest with everything before', () => {
    // Before 1 April: sales 300.00, purchases 100.00 (profit 200.00); since: sales 50.00 (paise).
    const accounts = [
      account('BANK', 20_000, 25_000), account('SALES', -30_000, -35_000), account('COST_OF_GOODS_SOLD', 10_000, 10_000),
      account('RETAINED_EARNINGS', 0, 0, 'retained_earnings'), account('RETAINED_EARNINGS', -700, -700), account('EQUITY', 700, 700),
    ];
    expect(earlierYearsProfit(accounts)).toBe(20_000);
    expect(openingNets(accounts).map((a) => a.opening)).toEqual([25_000, -5_000, 0, -20_000, -700, 700]);
    // The books balanced before the day, and so do the openings.
    expect(openingNets(accounts).reduce((sum, a) => sum + a.opening, 0)).toBe(0);
  });
});
