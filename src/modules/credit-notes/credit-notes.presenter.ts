import type { EInvoiceIrnsTable } from '../../db/schema';
import { presentNoteApplication, presentNoteColumns, presentNoteLine } from '../documents';
import { presentIrn } from '../einvoice';
import type { CreditNoteApplicationRow, CreditNoteLineRow, CreditNoteRow } from './credit-notes.repository';

/** A credit note as the API shows it: the create inputs, applied_amount, balance_amount and status (spec), and its IRN once recorded. */
export function presentCreditNote(n: CreditNoteRow, lines: readonly CreditNoteLineRow[], applications: readonly CreditNoteApplicationRow[], irn: EInvoiceIrnsTable | undefined) {
  return {
    credit_note_id: n.credit_note_id,
    credit_note_number: n.credit_note_number,
    type: n.note_type === 'VENDOR' ? 'vendor' : 'customer',
    customer_id: n.contact_id,
    customer_name: n.contact_name,
    ...presentNoteColumns(n),
    line_items: lines.map((l) => presentNoteLine(n, l)),
    applications: applications.map(presentNoteApplication),
    einvoice: irn ? presentIrn(irn) : null,
  };
}

/** The note's side of an apply response (spec: credit_note_id, applied_amount, balance_amount, status). */
export function presentApplied(n: CreditNoteRow, applicationId: string) {
  const { applied_amount, balance_amount, status } = presentNoteColumns(n);
  return { credit_note_id: n.credit_note_id, application_id: applicationId, applied_amount, balance_amount, status };
}
