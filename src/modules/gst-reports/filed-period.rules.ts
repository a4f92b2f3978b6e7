import { invalidValue } from '../../kernel/errors';
import type { GstReturn } from '../../platform/orgs/filed-returns.rules';
import { returnPeriod, type ReturnPeriod } from './gstr1-period.rules';

/**
 * The days a return of `period` covers: MMYYYY, or YYYY-Qn for a quarterly GSTR-1 (its three
 * months); GSTR-3B is monthly here, as its report is. 400 on `period` otherwise.
 */
export function filedPeriod(gstReturn: GstReturn, period: string): ReturnPeriod {
  const covered = returnPeriod(period);
  if (covered === null || (gstReturn === 'GSTR3B' && period.includes('-Q'))) {
    throw invalidValue('period', gstReturn === 'GSTR3B' ? 'period is MMYYYY for GSTR3B' : 'period is MMYYYY or YYYY-Qn');
  }
  return covered;
}

/** A filing day is on or after its period's first day and not after today (400 on `filed_on`). */
export function assertFilingDay(filedOn: string, period: ReturnPeriod, today: string): void {
  if (filedOn < period.from) throw invalidValue('filed_on', `filed_on ${filedOn} is before the period starts (${period.from})`);
  if (filedOn > today) throw invalidValue('filed_on', `filed_on ${filedOn} is after today (${today})`);
}
