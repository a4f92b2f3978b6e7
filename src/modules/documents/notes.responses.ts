import { Type } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { StringEnum } from '../../http/schema-kit';
import { DocumentDate, exportTypeProperty, gstTreatmentProperty, lineItemProperties, partyProperty, totalsProperties } from './documents.responses';
import { NOTE_STATUSES } from './notes.rules';

/*
 * The answer shapes credit and debit notes share, beside the presenter that writes them
 * (notes.presenter.ts). Each note module adds its id, number and party to noteProperties.
 */

/** A note's line (notes.presenter.ts presentNoteLine). */
const NoteLineItem = Named('NoteLineItem', Strict({
  ...lineItemProperties,
  restock: Type.Boolean({ description: 'The goods came back into stock (credit note) or went back to the vendor (debit note)' }),
  invoice_line_item_id: NullableOf(Type.String({ description: "The invoice's line this line corrects (a note naming invoice_id); null on a free-form line" })),
  bill_line_item_id: NullableOf(Type.String({ description: "The bill's line this line corrects (a note naming bill_id); null on a free-form line" })),
}, 'A line of a credit or debit note.'));

/** A live application of a note (notes.presenter.ts presentNoteApplication); DELETE .../applications/{application_id} unapplies it. */
const NoteApplication = Named('NoteApplication', Strict({
  application_id: Type.String(),
  invoice_id: NullableOf(Type.String({ description: 'The invoice it settles (a customer credit note)' })),
  bill_id: NullableOf(Type.String({ description: 'The bill it settles (a vendor credit note or a debit note)' })),
  amount: Amount,
}, "Part of a note applied to one of its contact's invoices or bills."));

/** The fields both notes show (notes.presenter.ts presentNoteColumns), and their lines. */
export const noteProperties = {
  invoice_id: NullableOf(Type.String({ description: 'The invoice the note corrects, if any' })),
  bill_id: NullableOf(Type.String({ description: 'The bill the note corrects, if any' })),
  branch_id: Type.String(),
  date: DocumentDate,
  reference_number: NullableOf(Type.String()),
  place_of_supply: Type.String(),
  ...gstTreatmentProperty,
  ...partyProperty,
  ...exportTypeProperty,
  stock_direction: Type.String({ description: 'SALES_RETURN_IN (customer side) or PURCHASE_RETURN_OUT (vendor side): which way restocked goods move' }),
  currency_code: Type.String(),
  exchange_rate: Type.Number({ description: 'Rupees per unit of currency_code' }),
  ...totalsProperties,
  applied_amount: Amount,
  balance_amount: Amount,
  status: StringEnum(NOTE_STATUSES, 'ISSUED on creation, APPLIED once nothing is left to apply, CANCELLED when voided'),
  notes: NullableOf(Type.String()),
  created_time: Timestamp,
  last_modified_time: Timestamp,
  line_items: Type.Array(NoteLineItem),
  applications: Type.Array(NoteApplication, { description: 'What is applied now, application by application (unapplied ones are left out)' }),
};
