import { invalidValue, notFound } from '../../kernel/errors';
import type { GstReturn } from '../../platform/orgs/filed-returns.rules';
import { returnPeriod, type ReturnPeriod } from './gstr1-period.rules';

/**
 * The days a return of `period` covers: MMYYYY, or YYYY-Qn for a quarterly (QRMP) filer's GSTR-1
 * or GSTR-3B (its three months). Otherwise it names no period: 404 on `period`, as any path
 * segment naming nothing (docs/rules/errors-and-validation.md, "Ids in a path").
 */
export function filedPeriod(gstReturn: GstReturn, period: string): ReturnPeriod {
  const covered = returnPeriod(period);
  if (covered === null) throw notFound(`${gstReturn} period (MMYYYY or YYYY-Qn)`, 'period');
  return covered;
}

/** A filing day is on or after its period's first day and not after today (400 on `filed_on`). */
export function assertFilingDay(filedOn: string, period: ReturnPeriod, today: string): void {
  if (filedOn < period.from) throw invalidValue('filed_on', `filed_on ${filedOn} is before the period starts (${period.from})`);
  if (filedOn > today) throw invalidValue('filed_on', `filed_on ${filedOn} is after today (${today})`);
}
