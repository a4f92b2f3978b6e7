import type { Db } from '../../db/database';
import { fromJson } from '../../db/json';
import { systemClock, type Clock } from '../../kernel/clock';
import { invalidState, invalidValue, notFound } from '../../kernel/errors';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { daysBetween, istDateOf } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import { readPreferences, type Preferences } from '../../platform/orgs/preferences';
import type { Address } from '../contacts/contacts.rules';
import { placeOf } from '../ewaybill/movement.rules';
import { documentLines, documentParties, type Counterparty } from './document-source';
import { buildEInvoice, supplyTypeOf, type EInvoiceSource, type Payee, type SourceLine } from './einvoice.builder';
import { einvoiceProblems, pinWarnings, reportingWindowProblem } from './einvoice.rules';
import { STATUSES_WITHOUT_EINVOICE } from './einvoice-status.sql';
import { isOpeningItem } from '../opening-balances';

type Head = Omit<EInvoiceSource, 'seller' | 'buyer' | 'lines' | 'precedingInvoice'> & { orgId: string; branchId: string; buyer: Counterparty; status: string };

/** How a read is checked: the reporting window is the IRP's when the document is sent, not when its answer is recorded. */
export interface EInvoiceReadOptions { checkReportingWindow?: boolean }

/** The payee of PayDtls, once its name, account and IFSC are all configured. */
const payeeOf = (p: Preferences): Payee | null =>
  (p.payeeName && p.payeeAccount && p.payeeIfsc ? { name: p.payeeName, account: p.payeeAccount, ifsc: p.payeeIfsc } : null);

/** An opening item was issued, and reported, in the books it came from (docs/rules/opening-balances.md, "Open items are not reported"). */
const OPENING_ITEM_REFUSAL = 'An opening invoice was issued and reported in the books it came from: it has no e-invoice here';

/** Where each kind of customer note lives, and what its e-invoice reads. */
const NOTES = {
  CRN: { table: 'credit_notes', lines: 'credit_note_lines', id: 'credit_note_id', number: 'credit_note_number', noun: 'credit note', ofVendor: 'A vendor credit is received, not issued: it has no e-invoice' },
  DBN: { table: 'debit_notes', lines: 'debit_note_lines', id: 'debit_note_id', number: 'debit_note_number', noun: 'debit note', ofVendor: 'A debit note to a vendor is not a supply of ours: it has no e-invoice' },
} as const;

/**
 * The IRP e-invoice of an approved invoice, customer credit note or customer debit note (docs/rules/einvoice-ewaybill.md, "E-invoice"; CGST Rule 48(4)): built from
 * the document, its branch and its customer, then held to the IRP's rules. A document without
 * one (a draft, a void, a B2C supply, a vendor's credit) is 409 conflict.invalid_state; one the
 * IRP would reject is 400 validation.invalid_value with every problem in errors[]. What the IRP
 * takes but may still be a mistake is in `warnings`. `clock` gives today, for the reporting window.
 */
export function einvoiceService(db: Db, clock: Clock = systemClock) {
  async function build(head: Head, sourceLines: SourceLine[], precedingInvoice: EInvoiceSource['precedingInvoice'], options: EInvoiceReadOptions) {
    const supplyType = supplyTypeOf(head.gstTreatment, head.exportType, head.pos);
    if (supplyType === null) {
      throw invalidState('Only a supply to a registered buyer, an SEZ, a deemed export or an export (place of supply 96) has an e-invoice; this one is B2C', { gst_treatment: head.gstTreatment });
    }
    const parties = await documentParties(db, head.orgId, head.branchId, head.buyer);
    const preferences = readPreferences(parties.orgPreferences);
    const source: EInvoiceSource = {
      ...head,
      seller: parties.branch,
      buyer: parties.contact,
      lines: sourceLines,
      precedingInvoice,
      shipTo: parties.shipTo,
      // A credit note is owed to the buyer: it has nothing to pay, so no payee.
      payee: head.typ === 'CRN' ? null : payeeOf(preferences),
    };
    const payload = buildEInvoice(source, supplyType);
    const problems = einvoiceProblems(payload, preferences.hsnDigits ?? 4);
    const late = options.checkReportingWindow === false ? null : reportingWindowProblem(head.date, istDateOf(clock.now()), preferences.einvoiceReportingWindowDays);
    if (late) problems.push(late);
    if (problems.length > 0) {
      throw invalidValue(problems[0]!.field, `The IRP would reject this e-invoice: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`, { errors: problems });
    }
    return { einvoice: payload, warnings: pinWarnings(payload) };
  }

  const headOf = (r: { org_id: string; branch_id: string; gst_treatment: string | null; export_type: string | null; place_of_supply: string; currency_code: string; exchange_rate_micro: number; total: number; status: string }) => ({
    orgId: r.org_id, branchId: r.branch_id, gstTreatment: r.gst_treatment, exportType: r.export_type,
    pos: stateCodeOfIso(r.place_of_supply) ?? '', currency: r.currency_code, rateMicro: r.exchange_rate_micro, total: r.total, status: r.status,
  });

  /** A customer credit note (CRN) or debit note (DBN): its invoice is its RefDtls, and its reverse charge the invoice's. */
  async function note(ctx: RequestContext, typ: keyof typeof NOTES, noteId: string, options: EInvoiceReadOptions) {
    const { table, lines, id, number, noun, ofVendor } = NOTES[typ];
    const row = await db.selectFrom(table as 'credit_notes').selectAll().where('org_id', '=', ctx.orgId).where(id as 'credit_note_id', '=', noteId).executeTakeFirst();
    if (!row) throw notFound(noun, id);
    if (row.note_type !== 'CUSTOMER') throw invalidState(ofVendor, { note_type: row.note_type });
    if (STATUSES_WITHOUT_EINVOICE.includes(row.status)) throw invalidState(`A ${row.status} ${noun} has no e-invoice`, { status: row.status });
    const invoice = row.invoice_id === null ? undefined : await db.selectFrom('invoices').select(['invoice_number', 'invoice_date', 'is_reverse_charge'])
      .where('org_id', '=', ctx.orgId).where('invoice_id', '=', row.invoice_id).executeTakeFirst();
    // A note's total has no round-off of its own: its lines' values sum to it. What a debit note charges is paid as an invoice is.
    const head = {
      ...headOf(row), typ, number: (row as unknown as Record<string, string>)[number]!, date: row.note_date, roundOff: 0,
      buyer: { name: row.contact_name, party: row.party }, reverseCharge: invoice?.is_reverse_charge === 1,
      payment: { creditDays: null, paid: row.total - row.balance_amount, due: row.balance_amount },
    };
    return build(head, await documentLines(db, lines, id, ctx.orgId, noteId),
      invoice ? { number: invoice.invoice_number, date: invoice.invoice_date } : null, options);
  }

  return {
    async invoice(ctx: RequestContext, invoiceId: string, options: EInvoiceReadOptions = {}) {
      const inv = await db.selectFrom('invoices').selectAll().where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!inv) throw notFound('invoice', 'invoice_id');
      if (STATUSES_WITHOUT_EINVOICE.includes(inv.status)) throw invalidState(`A ${inv.status} invoice has no e-invoice: only an approved one that is not void`, { status: inv.status });
      if (await isOpeningItem(db, ctx.orgId, invoiceId)) throw invalidState(OPENING_ITEM_REFUSAL);
      // The shipping bill's three columns are set together (invoices/shipping-bill.rules.ts).
      const shippingBill = inv.shipping_bill_number === null ? null : { port: inv.shipping_bill_port!, number: inv.shipping_bill_number, date: inv.shipping_bill_date! };
      const head = {
        ...headOf(inv), typ: 'INV' as const, number: inv.invoice_number, date: inv.invoice_date, roundOff: inv.round_off,
        buyer: { name: inv.customer_name, party: inv.party }, shippingBill, reverseCharge: inv.is_reverse_charge === 1,
        dispatchFrom: placeOf(fromJson<Address>(inv.dispatch_from)),
        // Paid is what payments settled; due is the balance; the days of credit run from the invoice's date to its due date.
        payment: { creditDays: Math.max(0, daysBetween(inv.invoice_date, inv.due_date)), paid: inv.payment_made, due: inv.balance },
      };
      return build(head, await documentLines(db, 'invoice_lines', 'invoice_id', ctx.orgId, invoiceId), null, options);
    },

    creditNote: (ctx: RequestContext, creditNoteId: string, options: EInvoiceReadOptions = {}) => note(ctx, 'CRN', creditNoteId, options),

    debitNote: (ctx: RequestContext, debitNoteId: string, options: EInvoiceReadOptions = {}) => note(ctx, 'DBN', debitNoteId, options),
  };
}
export type EInvoiceService = ReturnType<typeof einvoiceService>;
