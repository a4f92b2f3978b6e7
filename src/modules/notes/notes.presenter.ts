import type { EInvoiceIrnsTable } from '../../db/schema';
import { presentNoteApplication, presentNoteColumns, presentNoteLine } from '../documents';
import { presentIrn } from '../einvoice';
import type { NoteKey, NoteKind, PartyOf } from './note-kinds';
import type { NoteApplicationRow, NoteLineRow, NoteRow } from './notes.repository';

/**
 * A note as the API shows it: its id and number under its kind's names, the contact (customer_id
 * on a credit note, a vendor's id for a vendor credit; vendor_id on a debit note, a customer's
 * id for a customer debit note), its side, the columns both kinds share, and a credit note's IRN once recorded.
 */
export function presentNote<K extends NoteKey>(
  kind: NoteKind<K>, n: NoteRow, lines: readonly NoteLineRow[], applications: readonly NoteApplicationRow[], irn: EInvoiceIrnsTable | undefined,
) {
  const named = {
    [`${kind.key}_id`]: n.id,
    [`${kind.key}_number`]: n.number,
    type: n.note_type === 'VENDOR' ? 'vendor' : 'customer',
    [kind.contactKey]: n.contact_id,
    [kind.contactNameKey]: n.contact_name,
  } as Record<`${K}_id` | `${K}_number` | `${PartyOf<K>}_id` | `${PartyOf<K>}_name`, string> & { type: 'vendor' | 'customer' };
  return {
    ...named,
    ...presentNoteColumns(n),
    line_items: lines.map((l) => presentNoteLine(n, l)),
    applications: applications.map(presentNoteApplication),
    ...(kind.einvoice && { einvoice: irn ? presentIrn(irn) : null }),
  };
}

/** The note's side of an apply answer (spec: credit_note_id, applied_amount, balance_amount, status). */
export function presentApplied<K extends NoteKey>(kind: NoteKind<K>, n: NoteRow, applicationId: string) {
  const { applied_amount, balance_amount, status } = presentNoteColumns(n);
  return { [`${kind.key}_id`]: n.id, application_id: applicationId, applied_amount, balance_amount, status };
}
