import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { EInvoiceIrn, EInvoiceStatusQuery } from '../einvoice/irn.schemas';
import { Body, CursorQuery, DateOrDateTime, Id, Money, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { BillCredited, CREDIT_NOTE_TYPES as NOTE_TYPES } from '../credit-notes/credit-notes.schemas';
import { noteProperties } from '../documents/notes.responses';
import { NOTE_STATUSES } from '../documents/notes.rules';
import { NoteLineItems } from '../documents/notes.schemas';

/**
 * A debit note we raise: to a vendor (purchase return, price reduction), or with invoice_id to a
 * customer (CGST s.34(3): more value or tax than the invoice charged). vendor_id is the contact,
 * the customer's id on a customer debit note, as a credit note's customer_id is a vendor's on a
 * vendor credit; place_of_supply inherits from the bill or invoice.
 */
export const CreateDebitNoteBody = Body({
  vendor_id: Id('vendor_id'),
  invoice_id: Type.Optional(Id('invoice_id')),
  bill_id: Type.Optional(Id('bill_id')),
  /** Defaults to the parent's branch, else the default branch. */
  branch_id: Type.Optional(Id('branch_id')),
  date: DateOrDateTime,
  line_items: NoteLineItems,
  place_of_supply: Type.Optional(Text(60, 1)),
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type CreateDebitNoteBody = Static<typeof CreateDebitNoteBody>;

export const ListDebitNotesQuery = Query({
  ...CursorQuery,
  status: Type.Optional(StringEnum(NOTE_STATUSES)),
  vendor_id: Type.Optional(Id('vendor_id')),
  invoice_id: Type.Optional(Id('invoice_id')),
  bill_id: Type.Optional(Id('bill_id')),
  type: Type.Optional(StringEnum(NOTE_TYPES)),
  ...SearchQuery(),
  ...EInvoiceStatusQuery,
});
export type ListDebitNotesQuery = Static<typeof ListDebitNotesQuery>;

/** A debit note (notes/notes.presenter.ts presentNote). */
export const DebitNote = Named('DebitNote', Strict({
  debit_note_id: Type.String(),
  debit_note_number: Type.String(),
  type: StringEnum(NOTE_TYPES, "Whose it is: a customer's (raising an invoice, CGST s.34(3)) or a vendor's (against bills)"),
  vendor_id: Type.String({ description: 'The contact: the vendor, or the customer of a customer debit note' }),
  vendor_name: Type.String(),
  ...noteProperties,
  einvoice: NullableOf(EInvoiceIrn),
}, 'A debit note we raised: to a vendor (a purchase return or a price reduction) or to a customer (more value or tax on an invoice, a receivable of its own).'));

/** As a credit note's apply-to-bill: exactly the bill and the amount. */
export const ApplyDebitNoteBody = Body({ bill_id: Id('bill_id'), amount: Money({ minimum: 0.01 }) });
export type ApplyDebitNoteBody = Static<typeof ApplyDebitNoteBody>;

/** What an apply did (notes/notes.presenter.ts presentApplied, bills.note-target.ts presentBillCredited). */
export const AppliedDebitNote = {
  debit_note: Named('DebitNoteApplied', Strict({
    debit_note_id: Type.String(),
    application_id: Type.String({ description: 'This application; DELETE /debit_notes/{debit_note_id}/applications/{application_id} unapplies it' }),
    applied_amount: Amount,
    balance_amount: Amount,
    status: noteProperties.status,
  }, 'A debit note after an apply: what it has applied in all and what is left.')),
  bill: BillCredited,
};

/** An unapply: the whole note, and the bill the application had settled. */
export const DebitNoteUnapplied = { debit_note: DebitNote, bill: BillCredited };
