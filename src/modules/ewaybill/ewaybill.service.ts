import type { Db } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import { documentLines, documentParties, type Counterparty } from '../einvoice';
import { buildEWayBill, type EWayBillSource, type Transport } from './ewaybill.builder';
import type { EWayBillQuery } from './ewaybill.schemas';
import { presentTransport, transModeOf, transportFieldsOf, type Transport as DocumentTransport } from './transport.rules';

const TRANSPORT_COLUMNS = ['transport_mode', 'distance_km', 'vehicle_no', 'transporter_id'] as const;

/** Each transport field the query names wins over the document's own (a vehicle changes on the way); the rest come from the document. */
function transportOf(query: EWayBillQuery, stored: DocumentTransport): Transport {
  const t = { ...stored, ...transportFieldsOf(query) };
  return { mode: t.transport_mode === null ? null : transModeOf(t.transport_mode), distanceKm: t.distance_km ?? 0, vehicleNo: t.vehicle_no, transporterId: t.transporter_id };
}

/**
 * The e-way bill data of an invoice (goods going out from the branch to the customer) or a
 * bill (goods coming in from the vendor to the branch), with the transport the query names or
 * else the document records. Any document with goods lines has one; without any it is 400 on line_items.
 */
export function ewayBillService(db: Db) {
  async function build(orgId: string, doc: { branchId: string; contact: Counterparty; transport: DocumentTransport }, head: Omit<EWayBillSource, 'from' | 'to' | 'lines'>,
    lines: EWayBillSource['lines'], query: EWayBillQuery) {
    const parties = await documentParties(db, orgId, doc.branchId, doc.contact);
    const [from, to] = head.supplyType === 'O' ? [parties.branch, parties.contact] : [parties.contact, parties.branch];
    const built = buildEWayBill({ ...head, from, to, lines }, transportOf(query, doc.transport));
    if (built === null) throw invalidValue('line_items', 'The document has no goods lines (only services, SAC 99… or service items): nothing moves, so it has no e-way bill');
    return built;
  }

  return {
    async invoice(ctx: RequestContext, invoiceId: string, query: EWayBillQuery) {
      const inv = await db.selectFrom('invoices').select(['branch_id', 'customer_name', 'party', 'invoice_number', 'invoice_date', 'exchange_rate_micro', 'gst_treatment', ...TRANSPORT_COLUMNS])
        .where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!inv) throw notFound('invoice', 'invoice_id');
      return build(ctx.orgId, { branchId: inv.branch_id, contact: { name: inv.customer_name, party: inv.party }, transport: presentTransport(inv) },
        { supplyType: 'O', number: inv.invoice_number, date: inv.invoice_date, rateMicro: inv.exchange_rate_micro, gstTreatment: inv.gst_treatment },
        await documentLines(db, 'invoice_lines', 'invoice_id', ctx.orgId, invoiceId), query);
    },
    async bill(ctx: RequestContext, billId: string, query: EWayBillQuery) {
      const bill = await db.selectFrom('bills').select(['branch_id', 'vendor_name', 'party', 'bill_number', 'bill_date', 'exchange_rate_micro', 'gst_treatment', ...TRANSPORT_COLUMNS])
        .where('org_id', '=', ctx.orgId).where('bill_id', '=', billId).executeTakeFirst();
      if (!bill) throw notFound('bill', 'bill_id');
      return build(ctx.orgId, { branchId: bill.branch_id, contact: { name: bill.vendor_name, party: bill.party }, transport: presentTransport(bill) },
        { supplyType: 'I', number: bill.bill_number, date: bill.bill_date, rateMicro: bill.exchange_rate_micro, gstTreatment: bill.gst_treatment },
        await documentLines(db, 'bill_lines', 'bill_id', ctx.orgId, billId), query);
    },
  };
}
export type EWayBillService = ReturnType<typeof ewayBillService>;
