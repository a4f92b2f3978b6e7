import { presentNoteApplication, presentNoteColumns, presentNoteLine } from '../documents';
import type { DebitNoteApplicationRow, DebitNoteLineRow, DebitNoteRow } from './debit-notes.repository';

/** A debit note as the API shows it (the spec shows none of its fields; these mirror a credit note's). */
export function presentDebitNote(n: DebitNoteRow, lines: readonly DebitNoteLineRow[], applications: readonly DebitNoteApplicationRow[]) {
  return {
    debit_note_id: n.debit_note_id,
    debit_note_number: n.debit_note_number,
    vendor_id: n.contact_id,
    vendor_name: n.contact_name,
    ...presentNoteColumns(n),
    line_items: lines.map((l) => presentNoteLine(n, l)),
    applications: applications.map(presentNoteApplication),
  };
}

/** The note's side of an apply response: as a credit note's (credit-notes.presenter.ts presentApplied). */
export function presentDebitApplied(n: DebitNoteRow, applicationId: string) {
  const { applied_amount, balance_amount, status } = presentNoteColumns(n);
  return { debit_note_id: n.debit_note_id, application_id: applicationId, applied_amount, balance_amount, status };
}
