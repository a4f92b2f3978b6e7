import type { BillLinesTable, BillsTable, DocumentLineColumns, InvoiceLinesTable, InvoicesTable, PaymentsTable } from '../../db/schema';
import type { LocalDate } from '../../kernel/local-date';
import type { ItemFigures } from './opening-balances.rules';

/*
 * The rows an opening's items are stored as (docs/rules/opening-balances.md, "Open items"):
 * invoices and bills as issued, what was settled before the books started shown as paid, and
 * advances as payments not yet applied. No row of them posts: the opening entry carries them.
 */

/** The document an open item becomes, whichever its side. */
export interface OpenDocument {
  orgId: string;
  id: string;
  number: string;
  branchId: string;
  contactId: string;
  contactName: string;
  party: string;
  gstTreatment: string | null;
  date: LocalDate;
  dueDate: LocalDate;
  placeOfSupply: string;
  supplyType: string;
  figures: ItemFigures;
  /** The sales account (invoices) or purchases account (bills) its lines name. */
  accountId: string;
  /** The tax of each rate the organisation has, so a note against a line finds its tax. */
  taxOfRate: ReadonlyMap<number, string>;
  lineIds: () => string;
  now: string;
}

const NO_TRANSPORT = {
  transport_mode: null, distance_km: null, vehicle_no: null, transporter_id: null, trans_doc_no: null, trans_doc_date: null, vehicle_type: null, transporter_name: null,
};

/** One line per rate as issued; an item without its taxes is one untaxed line of its total. */
function linesOf(d: OpenDocument): DocumentLineColumns[] {
  const f = d.figures;
  const shares = f.shares.length > 0 ? f.shares : [{ rateCenti: 0, taxable: f.total, igst: 0, cgst: 0, sgst: 0, cess: 0 }];
  return shares.map((s) => ({
    line_item_id: d.lineIds(), item_id: null, name: f.shares.length > 0 ? `Opening balance at ${s.rateCenti / 100}%` : 'Opening balance', description: null,
    hsn_or_sac: null, quantity_milli: 1000, unit: null, rate: s.taxable, discount: 0,
    tax_id: f.shares.length > 0 ? d.taxOfRate.get(s.rateCenti) ?? null : null, tax_rate_centi: s.rateCenti,
    item_total: s.taxable, tax: s.igst + s.cgst + s.sgst + s.cess, cgst: s.cgst, sgst: s.sgst, igst: s.igst,
    cess_rate_centi: 0, cess_per_unit: 0, cess: s.cess, account_id: d.accountId,
  }));
}

/** The columns an invoice and a bill share, as the open item gives them. */
function documentColumns(d: OpenDocument) {
  const f = d.figures;
  const stated = f.shares.length > 0 ? f.subTotal + f.taxTotal : f.total;
  return {
    org_id: d.orgId, branch_id: d.branchId, reference_number: null, place_of_supply: d.placeOfSupply, supply_type: d.supplyType,
    gst_treatment: d.gstTreatment, party: d.party, is_inclusive_tax: 0 as const, currency_code: 'INR', exchange_rate_micro: 1_000_000,
    sub_total: f.shares.length > 0 ? f.subTotal : f.total, tax_total: f.taxTotal, cgst_total: f.cgst, sgst_total: f.sgst, igst_total: f.igst, cess_total: f.cess,
    // A total given apart from its taxes (a rounded invoice) keeps the difference as the round-off it was issued with.
    round_off: f.total - stated, total: f.total, payment_made: f.settled, balance: f.open,
    notes: 'Opening balance', due_date: d.dueDate, version: 1, created_time: d.now, last_modified_time: d.now, ...NO_TRANSPORT,
  };
}

export function openInvoice(d: OpenDocument): { invoice: InvoicesTable; lines: InvoiceLinesTable[] } {
  const invoice: InvoicesTable = {
    ...documentColumns(d), invoice_id: d.id, invoice_number: d.number, series_id: null, customer_id: d.contactId, customer_name: d.contactName,
    invoice_date: d.date, export_type: null, shipping_bill_port: null, shipping_bill_number: null, shipping_bill_date: null, shipping_bill_time: null,
    dispatch_from: null, is_reverse_charge: 0, credits_applied: 0, status: d.figures.settled > 0 ? 'PARTIALLY_PAID' : 'SENT',
    salesperson_id: null, sales_order_id: null, payment_vpa: null, payment_payee: null,
  };
  return { invoice, lines: linesOf(d).map((l, position) => ({ ...l, org_id: d.orgId, invoice_id: d.id, position })) };
}

export function openBill(d: OpenDocument): { bill: BillsTable; lines: BillLinesTable[] } {
  const bill: BillsTable = {
    ...documentColumns(d), bill_id: d.id, bill_number: d.number, vendor_id: d.contactId, vendor_name: d.contactName, bill_date: d.date,
    vendor_credits_applied: 0, status: d.figures.settled > 0 ? 'PARTIALLY_PAID' : 'OPEN', purchase_order_id: null, is_rcm: 0,
    document_type: 'INVOICE', original_bill_id: null,
  };
  return { bill, lines: linesOf(d).map((l, position) => ({ ...l, org_id: d.orgId, bill_id: d.id, position, itc_blocked_reason: null })) };
}

export interface OpenAdvance {
  orgId: string;
  id: string;
  flow: 'INCOMING' | 'OUTGOING';
  contactId: string;
  contactName: string;
  date: LocalDate;
  amount: number;
  reference: string | null;
  /** Where the money sits: the advances account itself (no bank moved in these books). */
  accountId: string;
  branchId: string;
  now: string;
}

/**
 * An advance as a payment with nothing applied yet, so the payments' apply and the ageing use it
 * as any other advance; its "bank" is the advances account, since no bank moved in these books.
 */
export const openAdvancePayment = (a: OpenAdvance): PaymentsTable => ({
  org_id: a.orgId, payment_id: a.id, flow: a.flow, payment_type: 'ADVANCE',
  contact_id: a.contactId, contact_name: a.contactName, payment_date: a.date, amount: a.amount, mode: 'OTHER', reference_number: a.reference,
  description: 'Opening advance', currency_code: 'INR', exchange_rate_micro: 1_000_000, bank_charges: 0, tds_amount: 0, unapplied_amount: a.amount,
  bank_account_id: a.accountId, branch_id: a.branchId, deleted: 0, advance_for: null, advance_place_of_supply: null, advance_supply_type: null,
  advance_rate_centi: null, advance_taxable: 0, advance_igst: 0, advance_cgst: 0, advance_sgst: 0, voucher_number: null, voucher_series_id: null,
  version: 1, created_time: a.now, last_modified_time: a.now,
});
