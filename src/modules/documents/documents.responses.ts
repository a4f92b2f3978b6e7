import { Type } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { StringEnum } from '../../http/schema-kit';
import { Address } from '../contacts/contacts.schemas';
import { EXPORT_TYPES } from './supply.rules';

/*
 * The answer shapes every sales and purchase document shares, beside the presenter that writes
 * them (documents.presenter.ts). Each document module builds its own named schema from these.
 */

/** A document's line (documents.presenter.ts presentLine). */
export const lineItemProperties = {
  line_item_id: Type.String(),
  item_id: NullableOf(Type.String()),
  name: Type.String(),
  description: NullableOf(Type.String()),
  hsn_or_sac: NullableOf(Type.String()),
  quantity: Type.Number(),
  unit: NullableOf(Type.String()),
  rate: Amount,
  discount: Amount,
  tax_id: NullableOf(Type.String()),
  tax_percentage: Type.Number(),
  item_total: Amount,
  tax_amount: Amount,
  cgst_amount: Amount,
  sgst_amount: Amount,
  igst_amount: Amount,
  cess_rate: Type.Number({ description: 'Compensation cess, ad valorem, in percent (0 without one)' }),
  cess_per_unit: { ...Amount, description: 'Compensation cess per unit of quantity, in rupees (0 without one)' },
  cess_amount: { ...Amount, description: "The line's compensation cess, part of tax_amount" },
  account_id: Type.String({ description: 'The ledger account the line posts to (the item\'s, or the default sales or purchase account)' }),
};

export const LineItem = Named('LineItem', Strict(lineItemProperties, 'A line of an invoice, bill, estimate, order or note.'));

/** A document's totals (documents.presenter.ts presentTotals). */
export const totalsProperties = {
  sub_total: Amount,
  tax_total: Amount,
  cgst_total: Amount,
  sgst_total: Amount,
  igst_total: Amount,
  cess_total: { ...Amount, description: 'Compensation cess, part of tax_total' },
  total: Amount,
};

/** A document date as the spec writes it: the business date at midnight, India time, without a zone. */
export const DocumentDate = Type.String({ description: 'YYYY-MM-DDT00:00:00, the business date in India time' });

/** What every priced document shows beside its party: branch, date, reference, place of supply, lines, totals. */
const documentBodyProperties = {
  branch_id: Type.String(),
  date: DocumentDate,
  reference_number: NullableOf(Type.String()),
  place_of_supply: Type.String(),
  line_items: Type.Array(LineItem),
  ...totalsProperties,
  notes: NullableOf(Type.String()),
  created_time: Timestamp,
  last_modified_time: Timestamp,
};

/**
 * What an invoice, an estimate and a sales order all show of their customer, branch, lines and
 * totals (invoices.presenter.ts, estimates.presenter.ts and sales-orders.presenter.ts alike).
 */
export const salesDocumentProperties = {
  customer_id: Type.String(),
  customer_name: Type.String({ description: "The customer's name when the document was created" }),
  ...documentBodyProperties,
};

/**
 * What a bill and a purchase order both show of their vendor, branch, lines and totals
 * (PurchaseHeaderColumns, written by bills.presenter.ts and purchase-orders.presenter.ts alike).
 */
export const purchaseDocumentProperties = {
  vendor_id: Type.String(),
  vendor_name: Type.String({ description: "The vendor's name when the document was created" }),
  ...documentBodyProperties,
};

/** How a document is classified for GST returns (invoices, bills and notes), beside its place of supply. */
export const gstTreatmentProperty = {
  gst_treatment: NullableOf(Type.String({ description: "The contact's gst_treatment when the document was made (REGISTERED, SEZ, DEEMED_EXPORT, OVERSEAS...)" })),
};

/** The party as it was when the document was issued (documents/party-copy.ts): what returns, e-invoices, e-way bills and PDFs show. */
const PartyCopy = Named('DocumentParty', Strict({
  gstin: NullableOf(Type.String()),
  legal_name: Type.String({ description: 'The legal name, else the company name, else the name of the contact' }),
  billing_address: NullableOf(Address),
  shipping_address: NullableOf(Address),
  state_code: NullableOf(Type.String({ description: "The contact's place_of_contact (IN-KA)" })),
  gst_treatment: NullableOf(Type.String()),
}, "The contact as it was when the document was issued (refreshed on every edit of a draft and on approval); a later change to the contact does not touch it."));

export const partyProperty = { party: NullableOf(PartyCopy) };

/** An invoice's or credit note's zero-rating: WPAY (with payment of IGST) or WOPAY (under LUT, no tax). */
export const exportTypeProperty = {
  export_type: NullableOf(StringEnum(EXPORT_TYPES, 'On an export (place of supply IN-96) or a supply to an SEZ: WPAY with IGST, WOPAY without tax (LUT); null otherwise')),
};

/** Whether the document's line amounts were entered inclusive of tax. */
export const inclusiveTaxProperty = {
  is_inclusive_tax: Type.Boolean({ description: 'Line amounts include tax: item_total is the taxable value taken out of them, and round_off takes the paisa left' }),
};
