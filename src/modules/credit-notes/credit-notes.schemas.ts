import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, Money, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { BILL_STATUSES } from '../bills/bills.schemas';
import { noteProperties } from '../documents/notes.responses';
import { NOTE_STATUSES } from '../documents/notes.rules';
import { INVOICE_STATUSES } from '../invoices/invoices.schemas';
import { NoteLineItems } from '../documents/notes.schemas';
import { EInvoiceIrn, EInvoiceStatusQuery } from '../einvoice/irn.schemas';

export const CREDIT_NOTE_TYPES = ['customer', 'vendor'] as const;

/** Spec: customer_id is the contact (a vendor's id for a vendor credit); bill_id selects the vendor side. */
export const CreateCreditNoteBody = Body({
  customer_id: Id('customer_id'),
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
export type CreateCreditNoteBody = Static<typeof CreateCreditNoteBody>;

/** Spec: exactly the target id and the amount. */
export const ApplyToInvoiceBody = Body({ invoice_id: Id('invoice_id'), amount: Money({ minimum: 0.01 }) });
export type ApplyToInvoiceBody = Static<typeof ApplyToInvoiceBody>;

export const ApplyToBillBody = Body({ bill_id: Id('bill_id'), amount: Money({ minimum: 0.01 }) });
export type ApplyToBillBody = Static<typeof ApplyToBillBody>;

export const ListCreditNotesQuery = Query({
  ...CursorQuery,
  status: Type.Optional(StringEnum(NOTE_STATUSES)),
  customer_id: Type.Optional(Id('customer_id')),
  invoice_id: Type.Optional(Id('invoice_id')),
  bill_id: Type.Optional(Id('bill_id')),
  type: Type.Optional(StringEnum(CREDIT_NOTE_TYPES)),
  ...SearchQuery(),
  ...EInvoiceStatusQuery,
});
export type ListCreditNotesQuery = Static<typeof ListCreditNotesQuery>;

/** A credit note (notes/notes.presenter.ts presentNote). */
export const CreditNote = Named('CreditNote', Strict({
  credit_note_id: Type.String(),
  credit_note_number: Type.String(),
  type: StringEnum(CREDIT_NOTE_TYPES, "Whose credit it is: a customer's (against invoices) or a vendor's (against bills)"),
  customer_id: Type.String({ description: 'The contact: the customer, or the vendor of a vendor credit' }),
  customer_name: Type.String(),
  ...noteProperties,
  einvoice: NullableOf(EInvoiceIrn),
}, 'A credit note: a customer credit (sales return, price reduction) or a credit a vendor gave us.'));

/** The note's side of an apply (notes/notes.presenter.ts presentApplied). */
const CreditNoteApplied = Named('CreditNoteApplied', Strict({
  credit_note_id: Type.String(),
  application_id: Type.String({ description: 'This application; DELETE /credit_notes/{credit_note_id}/applications/{application_id} unapplies it' }),
  applied_amount: Amount,
  balance_amount: Amount,
  status: noteProperties.status,
}, 'A credit note after an apply: what it has applied in all and what is left.'));

/** What an apply did to the target (notes/note-targets.ts present). */
const settledProperties = {
  balance: Amount,
  paid_amount: { ...Amount, description: 'Payments and credits applied so far' },
};

const InvoiceCredited = Named('InvoiceCredited', Strict({
  invoice_id: Type.String(), ...settledProperties, status: StringEnum(INVOICE_STATUSES),
}, 'The invoice after a credit note was applied to it or unapplied from it.'));

export const AppliedToInvoice = { credit_note: CreditNoteApplied, invoice: InvoiceCredited };

/** The bill's side of an apply (bills.note-target.ts presentBillCredited); a debit note's apply answers it too. */
export const BillCredited = Named('BillCredited', Strict({
  bill_id: Type.String(), ...settledProperties, status: StringEnum(BILL_STATUSES),
}, 'The bill after a credit note or debit note was applied to it or unapplied from it.'));

export const AppliedToBill = { credit_note: CreditNoteApplied, bill: BillCredited };

/** An unapply: the whole note, and the invoice or bill the application had settled. */
export const CreditNoteUnapplied = {
  credit_note: CreditNote,
  invoice: Type.Optional(InvoiceCredited),
  bill: Type.Optional(BillCredited),
};
