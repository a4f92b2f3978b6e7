import { showDate } from '../../format/dates';
import type { Kind, Row } from './kind';

/** What a document is called: its number, or for one without (an expense with no reference) its kind and day. */
export function documentTitle(kind: Kind, row: Row): string {
  return kind.number(row) ?? `${kind.one} of ${showDate(kind.date(row))}`;
}
