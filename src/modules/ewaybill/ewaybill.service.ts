import type { Db } from '../../db/database';
import { fromJson } from '../../db/json';
import { invalidState, invalidValue, notFound } from '../../kernel/errors';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { gstStateByCode } from '../../kernel/gst/states';
import { toPaise } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import { readPreferences } from '../../platform/orgs/preferences';
import type { Address } from '../contacts/contacts.rules';
import { readPartyCopy } from '../documents';
import { documentLines, documentParties, EXPORT_STATE, type Counterparty, type Party } from '../einvoice';
import { billOfEntryGoods, coveredBills } from './bill-of-entry.source';
import { portStateOf } from './customs-ports.rules';
import { buildEWayBill, type EWayBillSource, type Transport } from './ewaybill.builder';
import { checkedEWayBill, type PlaceField } from './ewaybill.checks';
import { subSupplyTypeOf, type SubSupplyType } from './ewaybill.rules';
import type { EWayBillQuery } from './ewaybill.schemas';
import { otherGoodsPlace, placeOf, type Place } from './movement.rules';
import { NO_TRANSPORT, presentTransport, transModeOf, transportFieldsOf, vehicleTypeCode, type Transport as DocumentTransport } from './transport.rules';
import { isOpeningItem } from '../opening-balances';

const TRANSPORT_COLUMNS = Object.keys(NO_TRANSPORT) as (keyof DocumentTransport)[];
const HEAD_COLUMNS = ['branch_id', 'party', 'exchange_rate_micro', 'gst_treatment', 'place_of_supply', 'status', ...TRANSPORT_COLUMNS] as const;

/** Each transport field the query names wins over the document's own (a vehicle changes on the way); the rest come from the document. */
function transportOf(query: EWayBillQuery, stored: DocumentTransport): Transport {
  const t = { ...stored, ...transportFieldsOf(query) };
  return {
    mode: t.transport_mode === null ? null : transModeOf(t.transport_mode), distanceKm: t.distance_km ?? 0, vehicleNo: t.vehicle_no, transporterId: t.transporter_id,
    transDocNo: t.trans_doc_no, transDocDate: t.trans_doc_date, vehicleType: t.vehicle_type === null ? null : vehicleTypeCode(t.vehicle_type), transporterName: t.transporter_name,
  };
}

/**
 * The state of the customs port goods cross at (customs-ports.rules.ts): the query's port_state,
 * else the port's from the table; null for a port the table does not list, with the reason for
 * the check to give. No port: undefined, and the party's own state stands for it.
 */
function borderStateOf(query: EWayBillQuery, portCode: string | null, field: PlaceField) {
  if (query.port_state !== undefined) {
    const type = gstStateByCode(query.port_state)?.type;
    if (type !== 'STATE' && type !== 'UT') throw invalidValue('port_state', 'port_state is the GST state code of a state or union territory, where the customs port is (27 Maharashtra, 33 Tamil Nadu, …)');
    return { borderState: query.port_state, missing: {} };
  }
  if (portCode === null) return { borderState: undefined, missing: {} };
  const state = portStateOf(portCode);
  const missing = state === null ? { [field]: `customs port ${portCode} is not in Bahi's table of ports: give its state as port_state (its GST state code)` } : {};
  return { borderState: state, missing };
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
type Extra = Pick<EWayBillSource, 'billOfEntry' | 'borderState'> & { missing?: Partial<Record<PlaceField, string>>; movement?: Movement; dispatchFrom?: Place | null };

const assertMoves = (status: string, kind: string) => {
  if (status === 'DRAFT' || status === 'CANCELLED') throw invalidState(`A ${status} ${kind} moves no goods: only an approved one that is not void has an e-way bill`, { status });
};

/**
 * The e-way bill data of an approved invoice (goods going out from the branch to the customer),
 * a bill (goods coming in from the vendor to the branch) or a Bill of Entry (goods imported,
 * from the customs port to the branch), with the transport the query names or else the document
 * records. A draft or a void moves nothing: 409. A document without goods lines is 400 on
 * line_items; one the e-way bill system would reject is 400 (ewaybill.checks.ts).
 */
export function ewayBillService(db: Db) {
  async function build(orgId: string, head: Head, lines: EWayBillSource['lines'], query: EWayBillQuery, extra: Extra = {}) {
    const { row } = head;
    const movement = extra.movement ?? null;
    assertMoves(row.status, head.kind);
    const contact: Counterparty = { name: head.name, party: row.party };
    const parties = await documentParties(db, orgId, row.branch_id, contact);
    const pos = stateCodeOfIso(row.place_of_supply);
    const goodsPlace = otherGoodsPlace(readPartyCopy(row.party));
    // A recipient with no state of its own (no address state, no GSTIN; or abroad) is billed in the place of supply, where the goods are delivered (IGST Act s.10(1)).
    const recipient: Party = movement?.toBranchId ? (await documentParties(db, orgId, movement.toBranchId, contact)).branch
      : { ...parties.contact, stcd: parties.contact.stcd === null || parties.contact.stcd === EXPORT_STATE ? pos : parties.contact.stcd };
    const [from, to, dispatchFrom, shipTo] = head.supplyType === 'O' ? [parties.branch, recipient, extra.dispatchFrom ?? null, goodsPlace] : [parties.contact, parties.branch, goodsPlace, null];
    const places = movement?.places;
    const built = buildEWayBill({
      supplyType: head.supplyType, subSupplyType: movement?.subSupplyType ?? subSupplyTypeOf(head.supplyType, pos, row.gst_treatment), number: head.number, date: head.date,
      rateMicro: row.exchange_rate_micro, gstTreatment: row.gst_treatment, from, to, lines, billOfEntry: extra.billOfEntry ?? null,
      dispatchFrom: places?.dispatchFrom ?? dispatchFrom, shipTo: places?.shipTo ?? shipTo, ...(movement && { docType: 'CHL' as const, subSupplyDesc: movement.subSupplyDesc }),
      ...(extra.borderState === undefined ? {} : { borderState: extra.borderState }),
      intraStateThreshold: toPaise(readPreferences(parties.orgPreferences).ewayBillIntraStateThreshold),
    }, transportOf(query, presentTransport(row)));
    if (built === null) throw invalidValue('line_items', 'The document has no goods lines (only services, SAC 99… or service items): nothing moves, so it has no e-way bill');
    return { ewaybill: checkedEWayBill(built.ewaybill, extra.missing), required: built.required };
  }

  /** The e-way bill of imported goods: their Bill of Entry's (docs/rules/einvoice-ewaybill.md, "The Bill of Entry's e-way bill"). */
  async function billOfEntry(orgId: string, billOfEntryId: string, query: EWayBillQuery, transport: DocumentTransport = NO_TRANSPORT) {
    const boe = await db.selectFrom('bills_of_entry').selectAll().where('org_id', '=', orgId).where('bill_of_entry_id', '=', billOfEntryId).executeTakeFirst();
    if (!boe) throw notFound('bill of entry', 'bill_of_entry_id');
    if (boe.sez_supplier_gstin !== null) throw invalidState('Goods cleared from an SEZ unit move on the SEZ unit\'s e-way bill, made out on its invoice: the Bill of Entry has none of its own');
    const bills = await coveredBills(db, orgId, billOfEntryId);
    const first = bills[0];
    if (first === undefined) throw invalidState('The Bill of Entry covers no bill: its e-way bill lists the goods of the bills it covers (bill_ids)');
    const lines = await billOfEntryGoods(db, orgId, bills, { igstTaxableValue: boe.igst_taxable_value, igst: boe.igst });
    const head: Head = {
      supplyType: 'I', kind: 'Bill of Entry', name: first.vendor_name, number: boe.boe_number, date: boe.boe_date,
      row: { ...transport, branch_id: boe.branch_id, party: first.party, exchange_rate_micro: 1_000_000, gst_treatment: 'OVERSEAS', place_of_supply: first.place_of_supply, status: 'RECORDED' },
    };
    return build(orgId, head, lines, query, { billOfEntry: { number: boe.boe_number, date: boe.boe_date }, ...borderStateOf(query, boe.port_code, 'actFromStateCode') });
  }

  /** The Bill of Entry that first covered a bill, by date: null until customs cleared its goods. */
  const billOfEntryIdOf = async (orgId: string, billId: string) => (await db.selectFrom('bill_of_entry_bills as c')
    .innerJoin('bills_of_entry as e', (j) => j.onRef('e.org_id', '=', 'c.org_id').onRef('e.bill_of_entry_id', '=', 'c.bill_of_entry_id'))
    .select('e.bill_of_entry_id').where('c.org_id', '=', orgId).where('c.bill_id', '=', billId)
    .orderBy('e.boe_date').orderBy('e.bill_of_entry_id').executeTakeFirst())?.bill_of_entry_id ?? null;

  /** An opening item's goods moved before the books started, on the e-way bill of the books it came from (docs/rules/opening-balances.md, "Open items are not reported"). */
  async function refuseOpeningItem(orgId: string, documentId: string) {
    if (await isOpeningItem(db, orgId, documentId)) throw invalidState('An opening invoice or bill moved its goods before the books started: it has no e-way bill here');
  }

  return {
    build,
    async invoice(ctx: RequestContext, invoiceId: string, query: EWayBillQuery) {
      const inv = await db.selectFrom('invoices').select([...HEAD_COLUMNS, 'customer_name', 'invoice_number', 'invoice_date', 'shipping_bill_port', 'dispatch_from'])
        .where('org_id', '=', ctx.orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
      if (!inv) throw notFound('invoice', 'invoice_id');
      await refuseOpeningItem(ctx.orgId, invoiceId);
      // An export leaves India at the port of its shipping bill.
      const port = stateCodeOfIso(inv.place_of_supply) === '96' ? borderStateOf(query, inv.shipping_bill_port, 'actToStateCode') : {};
      return build(ctx.orgId, { supplyType: 'O', kind: 'invoice', name: inv.customer_name, number: inv.invoice_number, date: inv.invoice_date, row: inv },
        await documentLines(db, 'invoice_lines', 'invoice_id', ctx.orgId, invoiceId), query, { ...port, dispatchFrom: placeOf(fromJson<Address>(inv.dispatch_from)) });
    },
    /** A bill's goods; an import's move on its Bill of Entry, never on the foreign vendor's invoice: 409 until one covers it. */
    async bill(ctx: RequestContext, billId: string, query: EWayBillQuery) {
      const bill = await db.selectFrom('bills').select([...HEAD_COLUMNS, 'vendor_name', 'bill_number', 'bill_date'])
        .where('org_id', '=', ctx.orgId).where('bill_id', '=', billId).executeTakeFirst();
      if (!bill) throw notFound('bill', 'bill_id');
      await refuseOpeningItem(ctx.orgId, billId);
      if (bill.gst_treatment === 'OVERSEAS') {
        assertMoves(bill.status, 'bill');
        const boeId = await billOfEntryIdOf(ctx.orgId, billId);
        if (boeId === null) throw invalidState('Imported goods move on their Bill of Entry, not on the foreign vendor\'s invoice: record the Bill of Entry that clears them (POST /bills_of_entry with this bill in bill_ids), then GET /bills_of_entry/{id}/ewaybill');
        return billOfEntry(ctx.orgId, boeId, query, presentTransport(bill));
      }
      return build(ctx.orgId, { supplyType: 'I', kind: 'bill', name: bill.vendor_name, number: bill.bill_number, date: bill.bill_date, row: bill },
        await documentLines(db, 'bill_lines', 'bill_id', ctx.orgId, billId), query);
    },
    billOfEntry: (ctx: RequestContext, billOfEntryId: string, query: EWayBillQuery) => billOfEntry(ctx.orgId, billOfEntryId, query),
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
      const row = { ...note, ...NO_TRANSPORT };
      return build(ctx.orgId, { supplyType: 'I', kind: 'credit note', name: note.contact_name, number: note.credit_note_number, date: note.note_date, row },
        lines.filter((_, i) => kinds[i]!.value_only === 0), query, { movement: { subSupplyType: '7', subSupplyDesc: null } });
    },
  };
}

export type EWayBillService = ReturnType<typeof ewayBillService>;
