import { toCsv } from '../../ui/csv';
import type { Kind, Row } from './kind';

/**
 * The rows a list shows, as CSV: dates as ISO days and amounts as the API gave them, so a
 * spreadsheet reads both as what they are; the currency beside the total where a kind has one.
 */
export function listCsv(kind: Kind, rows: readonly Row[]): string {
  const party = kind.party;
  const header = ['Number', ...(party ? [kind.partyLabel ?? 'Party'] : []), 'Date', kind.statusLabel ?? 'Status', 'Total', ...(kind.currency ? ['Currency'] : [])];
  return toCsv(header, rows.map((row) => [
    kind.number(row),
    ...(party ? [party(row)] : []),
    kind.date(row).slice(0, 10),
    kind.status?.(row),
    kind.total(row),
    ...(kind.currency ? [kind.currency(row)] : []),
  ]));
}
