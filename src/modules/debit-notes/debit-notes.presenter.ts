import { presentNoteColumns, presentNoteLine } from '../documents';
import type { DebitNoteLineRow, DebitNoteRow } from './debit-notes.repository';

/** A debit note as the API shows it (the spec shows none of its fields; these mirror a credit note's). */
export function presentDebitNote(n: DebitNoteRow, lines: readonly DebitNoteLineRow[]) {
  return {
    debit_note_id: n.debit_note_id,
    debit_note_number: n.debit_note_number,
    vendor_id: n.contact_id,
    vendor_name: n.contact_name,
    ...presentNoteColumns(n),
    line_items: lines.map(presentNoteLine),
  };
}
