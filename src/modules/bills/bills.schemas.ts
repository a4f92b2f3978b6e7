import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, LocalDateSchema, Money, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { DocumentDate, gstTreatmentProperty, inclusiveTaxProperty, lineItemProperties, partyProperty, purchaseDocumentProperties } from '../documents/documents.responses';
import { PostingLineItemInput } from '../documents/line-items.schemas';
import { ItcBlockedReason } from '../documents/purchase-tax.schemas';
import { TransportInputFields, TransportProperties, TransportUpdateFields } from '../ewaybill/ewaybill.schemas';

export const BILL_STATUSES = ['DRAFT', 'OPEN', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED'] as const;

/** A supplier's invoice, or its debit note raising an earlier bill (CGST s.34(3)). */
export const BILL_DOCUMENT_TYPES = ['INVOICE', 'SUPPLIER_DEBIT_NOTE'] as const;

/** What a bill is and what it raises; sent on create and on a draft's edit. */
const DocumentTypeFields = {
  document_type: Type.Optional(StringEnum(BILL_DOCUMENT_TYPES, "INVOICE (default), or SUPPLIER_DEBIT_NOTE: the supplier's debit note (CGST s.34(3)) raising original_bill_id")),
  original_bill_id: Type.Optional(Nullable(Id('The bill a SUPPLIER_DEBIT_NOTE raises: an approved, not void bill of the same vendor that is not itself a debit note'))),
};

/** A bill line as sent: an invoice's line, plus the section 17(5) clause that blocks its credit. */
const BillLineItemInput = Body({
  ...PostingLineItemInput.properties,
  itc_blocked_reason: Type.Optional(Nullable({ ...ItcBlockedReason, description: "the CGST Act s.17(5) clause that blocks this line's credit: its GST is then part of the line's cost" })),
});

export const CreateBillBody = Body({
  vendor_id: Id('vendor_id'),
  date: DateOrDateTime,
  place_of_supply: Text(60, 1),
  line_items: Type.Array(BillLineItemInput, { minItems: 1, maxItems: 500 }),
  bill_number: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000]+$', description: "The vendor's invoice number; one of ours when omitted" })),
  branch_id: Type.Optional(Id('branch_id')),
  due_date: Type.Optional(DateOrDateTime),
  currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.000001 })),
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
  round_off: Type.Optional(Nullable(Money())),
  auto_approve: Type.Optional(Type.Boolean()),
  is_rcm: Type.Optional(Type.Boolean({
    description: 'Reverse charge: the organisation self-assesses the tax, the vendor is owed the lines alone. For an OVERSEAS vendor it follows the lines (a contrary value is 400): true with a SAC line (an import of services); an HSN line bears no tax, its IGST paid at customs on a Bill of Entry',
  })),
  is_inclusive_tax: Type.Optional(Type.Boolean({ description: 'Line rates include tax (default false)' })),
  ...DocumentTypeFields,
  ...TransportInputFields,
});
export type CreateBillBody = Static<typeof CreateBillBody>;

/** The header of a DRAFT bill; lines change by voiding and recreating. */
export const UpdateBillBody = Body({
  bill_number: Type.Optional(Type.String({ minLength: 1, maxLength: 50, pattern: '^[^\\u0000]+$' })),
  reference_number: Type.Optional(Nullable(Text(100))),
  due_date: Type.Optional(DateOrDateTime),
  notes: Type.Optional(Nullable(Text(5000))),
  round_off: Type.Optional(Nullable(Money())),
  ...DocumentTypeFields,
  ...TransportUpdateFields,
});
export type UpdateBillBody = Static<typeof UpdateBillBody>;

export const ListBillsQuery = Query({
  ...CursorQuery,
  ...SearchQuery(),
  status: Type.Optional(StringEnum(BILL_STATUSES)),
  vendor_id: Type.Optional(Id('vendor_id')),
  date_from: Type.Optional(LocalDateSchema),
  date_to: Type.Optional(LocalDateSchema),
});
export type ListBillsQuery = Static<typeof ListBillsQuery>;

/** A bill's line (bills.presenter.ts): a document line, and the clause that blocks its credit. */
const BillLineItem = Named('BillLineItem', Strict({
  ...lineItemProperties,
  itc_blocked_reason: NullableOf({ ...ItcBlockedReason, description: "The s.17(5) clause that blocks this line's credit: its tax was added to its account; null when the credit is claimed" }),
}, 'A line of a bill.'));

/** A bill (bills.presenter.ts presentBill). */
export const Bill = Named('Bill', Strict({
  bill_id: Type.String(),
  bill_number: Type.String({ description: "The vendor's invoice number when given, else one of ours (BILL-000001)" }),
  ...purchaseDocumentProperties,
  ...gstTreatmentProperty,
  ...partyProperty,
  ...inclusiveTaxProperty,
  due_date: DocumentDate,
  currency_code: Type.String(),
  exchange_rate: Type.Number({ description: 'Rupees per unit of currency_code' }),
  round_off: Amount,
  payment_made: { ...Amount, description: 'Payments made against the bill so far' },
  vendor_credits_applied: { ...Amount, description: 'Vendor credits applied to the bill so far' },
  balance: { ...Amount, description: 'What is still owed: total less payments and credits' },
  status: StringEnum(BILL_STATUSES, 'OVERDUE is shown, never stored: an OPEN or PARTIALLY_PAID bill with a balance whose due date has passed'),
  purchase_order_id: NullableOf(Type.String({ description: 'The purchase order this bill was converted from, if any' })),
  is_rcm: Type.Boolean({ description: 'Reverse charge: tax_total is self-assessed and owed to the government; total (what the vendor is owed) excludes it' }),
  document_type: StringEnum(BILL_DOCUMENT_TYPES, "INVOICE, or SUPPLIER_DEBIT_NOTE: the supplier's debit note raising original_bill_id"),
  original_bill_id: NullableOf(Type.String({ description: 'The bill a supplier debit note raises; null on an invoice' })),
  line_items: Type.Array(BillLineItem),
  ...TransportProperties,
}, 'A vendor bill: what the organisation owes for a purchase.'));
