import { isValidLocalDate, type LocalDate } from '../../../kernel/local-date';
import { StatementFileError } from '../statement.types';

/**
 * The calendar date a statement writes (its year, month and day put as YYYY-MM-DD), as the bank wrote
 * it, checked to be a real date; a time or zone after them is not applied, because the bank's
 * date is the business date of the entry (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function statementDate(date: string, where: string): LocalDate {
  if (!isValidLocalDate(date)) throw new StatementFileError(where, `${date} is not a date`);
  return date;
}
