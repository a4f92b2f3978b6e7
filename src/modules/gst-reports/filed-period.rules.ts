import { invalidValue, notFound } from '../../kernel/errors';
import type { GstReturn } from '../../platform/orgs/filed-returns.rules';
import { returnPeriod, type ReturnPeriod } from './gstr1-period.rules';

/**
 * The days a return of `period` covers: MMYYYY, or YYYY-Qn for a quarterly GSTR-1 (its three
 * months); GSTR-3B is monthly here, as its report is. Otherwise it names no period of that return:
 * 404 on `period`, as any path segment naming nothing (docs/rules/errors-and-validation.md, "Ids in a path").
 */
export function filedPeriod(gstReturn: GstReturn, period: string): ReturnPeriod {
  const covered = returnPeriod(period);
  if (covered === null || (gstReturn === 'GSTR3B' && period.includes('-Q'))) {
    throw notFound(`${gstReturn} period (MMYYYY${gstReturn === 'GSTR1' ? ' or YYYY-Qn' : ''})`, 'period');
  }
  return covered;
}

/** A filing day is on or after its period's first day and not after today (400 on `filed_on`). */
export function assertFilingDay(filedOn: string, period: ReturnPeriod, today: string): void {
  if (filedOn < period.from) throw invalidValue('filed_on', `filed_on ${filedOn} is before the period starts (${period.from})`);
  if (filedOn > today) throw invalidValue('filed_on', `filed_on ${filedOn} is after today (${today})`);
}
