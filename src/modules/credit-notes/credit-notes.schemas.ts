import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
import { NOTE_STATUSES } from '../documents/notes.rules';
import { NoteLineItems } from '../documents/notes.schemas';

export const CREDIT_NOTE_TYPES = ['customer', 'vendor'] as const;

/** Spec: customer_id is the contact (a vendor's id for a vendor credit); bill_id selects the vendor side. */
export const CreateCreditNoteBody = Body({
  customer_id: Id('customer_id'),
  invoice_id: Type.Optional(Id('invoice_id')),
  bill_id: Type.Optional(Id('bill_id')),
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
});
export type ListCreditNotesQuery = Static<typeof ListCreditNotesQuery>;
