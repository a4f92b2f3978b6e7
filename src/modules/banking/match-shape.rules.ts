import { invalidValue } from '../../kernel/errors';
import { toRupees, type Paise } from '../../kernel/money';

/*
 * What a match may be (docs/rules/banking.md, "Suggestions and matching"): one line with one or
 * more entries, or several lines with one entry, never several with several; and the lines'
 * amounts add up to the entries' to the paisa.
 */

/** Refuses several lines with several entries, and an entry or line named twice. */
export function checkMatchShape(lineIds: readonly string[], entryKeys: readonly string[]): void {
  if (lineIds.length > 1 && entryKeys.length > 1) {
    throw invalidValue('entries', 'a match is one line with several entries or several lines with one entry, never several with several');
  }
  const twice = entryKeys.findIndex((key, i) => entryKeys.indexOf(key) !== i);
  if (twice >= 0) throw invalidValue(`entries[${twice}]`, 'this entry is named twice');
  // The first line is the path's; the others are bank_transaction_ids, one place later.
  const lineTwice = lineIds.findIndex((id, i) => lineIds.indexOf(id) !== i);
  if (lineTwice >= 0) throw invalidValue(`bank_transaction_ids[${lineTwice - 1}]`, 'this bank line is named twice');
}

/** Refuses amounts that do not add up, naming both totals and the difference (lines − entries), in rupees. */
export function checkMatchSum(linesTotal: Paise, entriesTotal: Paise): void {
  if (linesTotal === entriesTotal) return;
  throw invalidValue('entries', `the lines add up to ${toRupees(linesTotal)} and the entries to ${toRupees(entriesTotal)}: a match is exact, a difference of ${toRupees(linesTotal - entriesTotal)}`, {
    details: { lines_total: toRupees(linesTotal), entries_total: toRupees(entriesTotal), difference: toRupees(linesTotal - entriesTotal) },
  });
}
