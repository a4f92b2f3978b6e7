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
    line_items: lines.map((l) => presentNoteLine(n, l)),
  };
}

/** The note's side of an apply response: as a credit note's (credit-notes.presenter.ts presentApplied). */
export function presentDebitApplied(n: DebitNoteRow) {
  const { applied_amount, balance_amount, status } = presentNoteColumns(n);
  return { debit_note_id: n.debit_note_id, applied_amount, balance_amount, status };
}
