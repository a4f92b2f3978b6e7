import { invalidValue } from '../../kernel/errors';
import { businessDateOf, type LocalDate } from '../../kernel/local-date';

/**
 * A date that follows the document date (an estimate's expiry, an order's shipment), as a
 * create or a header edit sends it: absent keeps `current`, null clears it, and a value
 * must not fall before the document's own date (400 on `field`).
 */
export function followUpDate(input: string | null | undefined, current: LocalDate | null, documentDate: LocalDate, field: string): LocalDate | null {
  if (input === undefined) return current;
  if (input === null) return null;
  const date = businessDateOf(input);
  if (date < documentDate) throw invalidValue(field, `${field} is before the document date ${documentDate}`);
  return date;
}
