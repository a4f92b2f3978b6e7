import type { Clock } from '../../kernel/clock';
import { invalidValue } from '../../kernel/errors';
import { istDateOf } from '../../kernel/local-date';
import { statementRange, type DateRange } from '../financial-statements/report-periods.rules';

export type { DateRange };

/** A report's range: the dates given, else the financial year to date, as the financial statements take it. */
export const reportRange = (clock: Clock) => (from: string | undefined, to: string | undefined): DateRange => {
  const range = statementRange(from, to, istDateOf(clock.now()));
  if (range.to < range.from) throw invalidValue(to ? 'to_date' : 'from_date', 'to_date is before from_date');
  return range;
};
