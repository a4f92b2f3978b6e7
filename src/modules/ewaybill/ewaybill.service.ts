import type { Db } from '../../db/database';
import { invalidState, invalidValue, notFound } from '../../kernel/errors';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import type { RequestContext } from '../../platform/context';
import { readPartyCopy } from '../documents';
import { documentLines, documentParties, EXPORT_STATE, type Counterparty, type Party } from '../einvoice';
import { buildEWayBill, type EWayBillSource, type Transport } from './ewaybill.builder';
import { checkedEWayBill } from './ewaybill.checks';
import { subSupplyTypeOf, type SubSupplyType } from './ewaybill.rules';
import type { EWayBillQuery } from './ewaybill.schemas';
import { otherGoodsPlace, type Place } from './movement.rules';
import { presentTransport, transModeOf, transportFieldsOf, type Transport as DocumentTransport } from './transport.rules';

const TRANSPORT_COLUMNS = ['transport_mode', 'distance_km', 'vehicle_no', 'transporter_id'] as const;
const HEAD_COLUMNS = ['branch_id', 'party', 'exchange_rate_micro', 'gst_treatment', 'place_of_supply', 'status', ...TRANSPORT_COLUMNS] as const;

/** Each transport field the query names wins over the document's own (a vehicle changes on the way); the rest come from the document. */
function transportOf(query: EWayBillQuery, stored: DocumentTransport): Transport {
  const t = { ...stored, ...transportFieldsOf(query) };
  return { mode: t.transport_mode === null ? null : transModeOf(t.transport_mode), distanceKm: t.distance_km ?? 0, vehicleNo: t.vehicle_no, transporterId: t.transporter_id };
}

/**
 * Goods moved on a challan rather than sold on an invoice (docs/rules/einvoice-ewaybill.md, "Movements
 * that are not sales"): NIC's type of the movement and, for a challan, the places it names and the
 * receiving branch of a transfer within one GSTIN.
 */
export interface Movement {
  subSupplyType: SubSupplyType;
  subSupplyDesc: string | null;
  places?: { dispatchFrom: Place | null; shipTo: Place | null };
  toBranchId?: string | null;
}

interface Head { supplyType: 'O' | 'I'; kind: string; name: string; number: string; date: string; row: { branch_id: string; party: string | null; exchange_rate_micro: number; gst_treatment: string | null; place_of_supply: string; status: string } & Parameters<typeof presentTransport>[0] }

/**
 * The e-way bill data of an approved invoice (goods going out from the branch to the customer)
 * or bill (goods coming in from the vendor to the branch), with the transport the query names or
 * else the document records. A draft or a void moves nothing: 409. A document without goods
 * lines is 400 on line_items; one the e-way bill system would reject is 400 (ewaybill.checks.ts).
 */
export function ewayBillService(db: Db) {
  /** The first Bill of Entry, by date, that covers a bill: null until customs cleared its goods. */
  const billOfEntryOf = async (orgId: string, billId: string) => (await db.selectFrom('bill_of_entry_bills as c')
    .innerJoin('bills_of_entry as e', (j) => j.onRef('e.org_id', '=', 'c.org_id').onRef('e.bill_of_entry_id', '=', 'c.bill_of_entry_id'))
    .select(['e.boe_number as number', 'e.boe_date as date']).where('c.org_id', '=', orgId).where('c.bill_id', '=', billId)
    .orderBy('e.boe_date').orderBy('e.bill_of_entry_id').executeTakeFirst()) ?? null;

  async function build(orgId: string, head: Head, lines: EWayBillSource['lines'], query: EWayBillQuery, billOfEntry: EWayBillSource['billOfEntry'] = null, movement: Movement | null = null) {
    const { row } = head;
    if (row.status === 'DRAFT' || row.status === 'CANCELLED') throw invalidState(`A ${row.status} ${head.kind} moves no goods: only an approved one that is not void has an e-way bill`, { status: row.status });
    const contact: Counterparty = { name: head.name, party: row.party };
    const parties = await documentParties(db, orgId, row.branch_id, contact);
    const pos = stateCodeOfIso(row.place_of_supply);
    const goodsPlace = otherGoodsPlace(readPartyCopy(row.party));
    // A recipient with no state of its own (no address state, no GSTIN; or abroad) is billed in the place of supply, where the goods are delivered (IGST Act s.10(1)).
    const recipient: Party = movement?.toBranchId ? (await documentParties(db, orgId, movement.toBranchId, contact)).branch
      : { ...parties.contact, stcd: parties.contact.stcd === null || parties.contact.stcd === EXPORT_STATE ? pos : parties.contact.stcd };
    const [from, to, dispatchFrom, shipTo] = head.supplyType === 'O' ? [parties.branch, recipient, null, goodsPlace] : [parties.contact, parties.branch, goodsPlace, null];
    const places = movement?.places;
    const built = buildEWayBill({
      supplyType: head.supplyType, subSupplyType: movement?.subSupplyType ?? subSupplyTypeOf(head.supplyType, pos, row.gst_treatment), number: head.number, date: head.date,
      rateMicro: row.exchange_rate_micro, gstTreatment: row.gst_treatment, from, to, lines, billOfEntry,
      dispatchFrom: places?.dispatchFrom ?? dispatchFrom, shipTo: places?.shipTo ?? shipTo, ...(movement && { docType: 'CHL' as const, subSupplyDesc: movement.subSupplyDesc }),
    }, transportOf(query, presentTransport(row)));
    if (built === null) throw invalidValue('line_items', 'The document has no goods lines (only services, SAC 99… or service items): nothing moves, so it has no e-way bill');
    return { ewaybill: checkedEWayBill(built.ewaybill), required: built.required };
  }

  return {
    build,
    async invoice(ctx: RequestContext, invoiceId: string, query: EWayBillQuery) {
      const inv = await db.selectFrom('invoices').select([...HEAD_COLUMNS, 'customer_name', 'invoice_number', 'invoice_date'])
        .where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!inv) throw notFound('invoice', 'invoice_id');
      return build(ctx.orgId, { supplyType: 'O', kind: 'invoice', name: inv.customer_name, number: inv.invoice_number, date: inv.invoice_date, row: inv },
        await documentLines(db, 'invoice_lines', 'invoice_id', ctx.orgId, invoiceId), query);
    },
    async bill(ctx: RequestContext, billId: string, query: EWayBillQuery) {
      const bill = await db.selectFrom('bills').select([...HEAD_COLUMNS, 'vendor_name', 'bill_number', 'bill_date'])
        .where('org_id', '=', ctx.orgId).where('bill_id', '=', billId).executeTakeFirst();
      if (!bill) throw notFound('bill', 'bill_id');
      return build(ctx.orgId, { supplyType: 'I', kind: 'bill', name: bill.vendor_name, number: bill.bill_number, date: bill.bill_date, row: bill },
        await documentLines(db, 'bill_lines', 'bill_id', ctx.orgId, billId), query, await billOfEntryOf(ctx.orgId, billId));
    },
    /**
     * A sales return (docs/rules/einvoice-ewaybill.md, "Movements that are not sales"): the goods
     * a customer credit note takes back, moving inward from the customer to the branch, sub-supply
     * type 7 on a challan (CHL), as NIC combines them. Lines that credit value alone move nothing.
     */
    async creditNote(ctx: RequestContext, creditNoteId: string, query: EWayBillQuery) {
      const note = await db.selectFrom('credit_notes').select(['branch_id', 'party', 'exchange_rate_micro', 'gst_treatment', 'place_of_supply', 'status', 'note_type', 'contact_name', 'credit_note_number', 'note_date'])
        .where('org_id', '=', ctx.orgId).where('credit_note_id', '=', creditNoteId).executeTakeFirst();
      if (!note) throw notFound('credit note', 'credit_note_id');
      if (note.note_type !== 'CUSTOMER') throw invalidValue('credit_note_id', "a vendor credit note records the vendor's credit: goods sent back to a vendor move on a delivery challan (reason PURCHASE_RETURN)");
      const [lines, kinds] = await Promise.all([documentLines(db, 'credit_note_lines', 'credit_note_id', ctx.orgId, creditNoteId),
        db.selectFrom('credit_note_lines').select('value_only').where('org_id', '=', ctx.orgId).where('credit_note_id', '=', creditNoteId).orderBy('position').execute()]);
      const row = { ...note, transport_mode: null, distance_km: null, vehicle_no: null, transporter_id: null };
      return build(ctx.orgId, { supplyType: 'I', kind: 'credit note', name: note.contact_name, number: note.credit_note_number, date: note.note_date, row },
        lines.filter((_, i) => kinds[i]!.value_only === 0), query, null, { subSupplyType: '7', subSupplyDesc: null });
    },
  };
}
export type EWayBillService = ReturnType<typeof ewayBillService>;
