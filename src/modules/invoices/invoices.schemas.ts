import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, LocalDateSchema, Money, Nullable, Query, SearchQuery, StringEnum, Text } from '../../http/schema-kit';
import { DocumentDate, exportTypeProperty, gstTreatmentProperty, inclusiveTaxProperty, partyProperty, salesDocumentProperties } from '../documents/documents.responses';
import { EXPORT_TYPES } from '../documents/supply.rules';
import { PostingLineItems } from '../documents/line-items.schemas';
import { EInvoiceIrn, EInvoiceStatusQuery, IrnVoidBody } from '../einvoice/irn.schemas';
import { Address, AddressInput } from '../contacts/contacts.schemas';
import { TransportInputFields, TransportProperties, TransportUpdateFields } from '../ewaybill/ewaybill.schemas';

export const INVOICE_STATUSES = ['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED', 'CREDIT_APPLIED'] as const;

/**
 * An export's shipping bill (or bill of export), as GSTR-1's `exp` takes it: the port's 6-character
 * code (sbpcode), the bill's number of 3 to 7 digits (sbnum) and its date (sbdt), not before the invoice's.
 */
export const ShippingBillInput = Body({
  port_code: Type.String({ pattern: '^[A-Za-z0-9]{6}$', description: "The port's 6-character code (INNSA1: Nhava Sheva)" }),
  number: Type.String({ pattern: '^[0-9]{3,7}$', description: 'The shipping bill number, 3 to 7 digits' }),
  date: { ...LocalDateSchema, description: 'The shipping bill date (YYYY-MM-DD), not before the invoice date' },
});
export type ShippingBillInput = Static<typeof ShippingBillInput>;

/** The place the goods leave from, for the e-invoice's DispDtls and the e-way bill. */
const DISPATCH_FROM = "Where the goods leave from when it is not the branch's address (a warehouse): the e-invoice's DispDtls and the e-way bill's dispatch place";

export const CreateInvoiceBody = Body({
  customer_id: Id('customer_id'),
  date: DateOrDateTime,
  place_of_supply: Text(60, 1),
  line_items: PostingLineItems,
  invoice_number: Type.Optional(Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9/-]+$', description: 'CGST rule 46(b): at most 16 letters, digits, - or /' })),
  series_name: Type.Optional(Text(50, 1)),
  branch_id: Type.Optional(Id('branch_id')),
  due_date: Type.Optional(DateOrDateTime),
  currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.000001 })),
  reference_number: Type.Optional(Nullable(Text(100))),
  salesperson_id: Type.Optional(Nullable(Id('salesperson_id'))),
  notes: Type.Optional(Nullable(Text(5000))),
  round_off: Type.Optional(Nullable(Money())),
  auto_approve: Type.Optional(Type.Boolean()),
  export_type: Type.Optional(Nullable(StringEnum(EXPORT_TYPES, 'An export (place of supply 96) or a supply to an SEZ customer: WPAY with IGST (the default), WOPAY without tax under a Letter of Undertaking'))),
  is_inclusive_tax: Type.Optional(Type.Boolean({ description: 'Line rates include tax (default false)' })),
  shipping_bill: Type.Optional(ShippingBillInput),
  is_reverse_charge: Type.Optional(Type.Boolean({
    description: 'The recipient pays the tax under reverse charge (CGST s.9(3), IGST s.5(3); Notification 13/2017-CT(Rate)): the lines state it, the total excludes it. Default false; needs a registered customer',
  })),
  ...TransportInputFields,
  dispatch_from: Type.Optional(Nullable({ ...AddressInput, description: DISPATCH_FROM })),
});
export type CreateInvoiceBody = Static<typeof CreateInvoiceBody>;

/** Only these, and only while DRAFT (spec): to change lines, void and recreate. The e-way bill's transport may be cleared with null. */
export const UpdateInvoiceBody = Body({
  reference_number: Type.Optional(Nullable(Text(100))),
  due_date: Type.Optional(DateOrDateTime),
  notes: Type.Optional(Nullable(Text(5000))),
  is_reverse_charge: Type.Optional(Type.Boolean({
    description: 'The recipient pays the tax under reverse charge (CGST s.9(3), IGST s.5(3); Notification 13/2017-CT(Rate)): the lines state it, the total excludes it. Default false; needs a registered customer',
  })),
  ...TransportUpdateFields,
  dispatch_from: Type.Optional(Nullable({ ...AddressInput, description: `${DISPATCH_FROM}; null clears it` })),
});
export type UpdateInvoiceBody = Static<typeof UpdateInvoiceBody>;

/** A void's body: the IRP's cancellation reason and remarks, for an invoice with an active IRN. */
export const VoidInvoiceBody = IrnVoidBody;
export type VoidInvoiceBody = Static<typeof VoidInvoiceBody>;

export const ListInvoicesQuery = Query({
  ...CursorQuery,
  status: Type.Optional(StringEnum(INVOICE_STATUSES)),
  customer_id: Type.Optional(Id('customer_id')),
  date_from: Type.Optional(LocalDateSchema),
  date_to: Type.Optional(LocalDateSchema),
  ...SearchQuery(),
  ...EInvoiceStatusQuery,
});
export type ListInvoicesQuery = Static<typeof ListInvoicesQuery>;

/** An invoice (invoices.presenter.ts presentInvoice). */
export const Invoice = Named('Invoice', Strict({
  invoice_id: Type.String(),
  invoice_number: Type.String({ description: 'The number given, or the next of its series (INV-26-27-00001)' }),
  ...salesDocumentProperties,
  ...gstTreatmentProperty,
  ...partyProperty,
  ...exportTypeProperty,
  ...inclusiveTaxProperty,
  is_reverse_charge: Type.Boolean({ description: 'The recipient pays the tax under reverse charge: tax_total is stated, not charged; total and balance exclude it' }),
  due_date: DocumentDate,
  currency_code: Type.String(),
  exchange_rate: Type.Number({ description: 'Rupees per unit of currency_code' }),
  round_off: Amount,
  payment_made: { ...Amount, description: 'Payments received against the invoice so far' },
  credits_applied: { ...Amount, description: 'Credit notes applied to the invoice so far' },
  balance: { ...Amount, description: 'What is still due: total less payments and credits' },
  status: StringEnum(INVOICE_STATUSES, 'OVERDUE is shown, never stored: a SENT or PARTIALLY_PAID invoice with a balance whose due date has passed'),
  salesperson_id: NullableOf(Type.String()),
  sales_order_id: NullableOf(Type.String({ description: 'The sales order this invoice was converted from, if any' })),
  payment_link: NullableOf(Type.String({
    description: 'A UPI payment URI for the balance, on open invoices of auto_charge recurring schedules only; null otherwise',
  })),
  ...TransportProperties,
  dispatch_from: NullableOf({ ...Address, description: `${DISPATCH_FROM}; null: the branch's address` }),
  shipping_bill: NullableOf(Named('ShippingBill', Strict({
    port_code: Type.String(), number: Type.String(), date: Type.String({ description: 'YYYY-MM-DD' }),
  }, "An export invoice's shipping bill: port code, number and date; GSTR-1's exp carries them"))),
  einvoice: Type.Optional(NullableOf(EInvoiceIrn)),
}, 'A sales invoice: what a customer owes the organisation.'));
