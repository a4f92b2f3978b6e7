import { sum, toRupees, type Paise } from '../../kernel/money';
import { addressLines, cessParts, EXPORT_PIN, EXPORT_STATE, inrLine, inrOf, irpDate, pinOf, type Party, type SourceLine } from '../einvoice';
import type { EWayBillDraft } from './ewaybill.checks';
import { countsTowardThreshold, EWAY_BILL_THRESHOLD, ewayBillRequired, type DocType, type SubSupplyType } from './ewaybill.rules';
import { transactionTypeOf, type Place } from './movement.rules';
import type { TransMode } from './transport.rules';

/** What an e-way bill is built from: an invoice (outward) or a bill (inward), read from the books. Amounts in paise of its currency. */
export interface EWayBillSource {
  supplyType: 'O' | 'I';
  subSupplyType: SubSupplyType;
  number: string;
  date: string;
  /** Exchange rate to INR × 10^6. */
  rateMicro: number;
  /** The contact's GST treatment: a supply to an SEZ or a deemed export is zero-rated. */
  gstTreatment: string | null;
  /** The consignor and the consignee as billed (the branch and the contact, in the direction the goods move), at their own addresses. */
  from: Party;
  to: Party;
  /** Where the goods leave from and go to when that is not the billed party's own address (movement.rules.ts). */
  dispatchFrom: Place | null;
  shipTo: Place | null;
  lines: SourceLine[];
  /** An import's customs Bill of Entry covering the bill, once recorded: the e-way bill's document. */
  billOfEntry?: { number: string; date: string } | null;
  /** The document type when the caller knows it (a challan's CHL); else INV, BIL or BOE from the document. */
  docType?: DocType;
  /** What a movement of sub-supply type 8 (others) is. */
  subSupplyDesc?: string | null;
  /**
   * The state of the customs port an import enters or an export leaves by (customs-ports.rules.ts);
   * null for a port Bahi cannot place. Absent: no port recorded, and the branch's or the seller's
   * state stands for it.
   */
  borderState?: string | null;
  /** The organisation's threshold for a movement within a state (ewayBillIntraStateThreshold); ₹50,000 when absent. */
  intraStateThreshold?: Paise;
}

export interface Transport {
  mode: TransMode | null; distanceKm: number; vehicleNo: string | null; transporterId: string | null;
  /** The transport document (LR, RR, airway bill, bill of lading): number and date (YYYY-MM-DD). */
  transDocNo?: string | null;
  transDocDate?: string | null;
  vehicleType?: 'R' | 'O' | null;
  transporterName?: string | null;
}

/** NIC's state code for a place outside India (the e-invoice's is 96). */
const ABROAD_STATE = 99;
const ZERO_RATED = new Set(['SEZ', 'DEEMED_EXPORT']);
const stateNumber = (stcd: string | null) => (stcd === null ? null : Number(stcd));

/** A party as billed: URP and state 99 abroad. */
const billed = (p: Party, abroad: boolean) => ({
  gstin: abroad || p.gstin === null ? 'URP' : p.gstin, trdName: p.tradeName ?? p.legalName, stateCode: abroad ? ABROAD_STATE : stateNumber(p.stcd),
});

/**
 * The place the goods move from or to: the named place, else the party's own address. Across
 * the border (an export's consignee, an import's consignor) a place outside India has PIN 999999,
 * and the goods' state in India is `borderState`: the customs port's, else the seller's or the branch's (docs/rules/einvoice-ewaybill.md, "Bill to, ship to").
 */
function moved(own: Party, named: Place | null, crossesBorder: boolean, borderState: string | null) {
  const p = named ?? own;
  const abroad = crossesBorder && (p.stcd === null || p.stcd === EXPORT_STATE);
  const { Addr1, Addr2 } = addressLines(p.address);
  return { addr1: Addr1, addr2: Addr2, place: p.city ?? '', pincode: abroad ? EXPORT_PIN : pinOf(p.zip), actState: stateNumber(abroad ? borderState : p.stcd) };
}

/**
 * The NIC e-way bill of a document's goods lines (services move nothing), every amount in INR
 * line by line as in the e-invoice, and whether Rule 138 requires it. Null when the document
 * has no goods line. A PIN, state or HSN code the books lack is null, for the checks to report.
 */
export function buildEWayBill(src: EWayBillSource, transport: Transport): { ewaybill: EWayBillDraft; required: boolean } | null {
  const goods = src.lines.filter((l) => !l.isService);
  if (goods.length === 0) return null;
  const inr = inrOf(src.rateMicro);
  const lines = goods.map((l) => ({ line: l, inr: inrLine(l, inr) }));
  const total = (pick: (a: ReturnType<typeof inrLine>) => Paise) => sum(lines.map((l) => pick(l.inr)));
  const [taxable, cgst, sgst, igst, cess] = [total((a) => a.taxable), total((a) => a.cgst), total((a) => a.sgst), total((a) => a.igst), total((a) => a.cess)];
  const cessAdValorem = sum(lines.map(({ line: l, inr: a }) => cessParts(l, a.cess, inr).adValorem));
  const withTax = taxable + cgst + sgst + igst + cess;
  const [imported, exported] = [src.subSupplyType === '2', src.subSupplyType === '3'];
  // A bill of supply (Rule 49) carries no tax; a zero-rated supply is still on a tax invoice; goods imported move on their Bill of Entry once customs cleared them.
  const boe = imported ? src.billOfEntry ?? null : null;
  const zeroRated = exported || ZERO_RATED.has(src.gstTreatment ?? '');
  const docType = src.docType ?? (boe ? 'BOE' as const : cgst + sgst + igst === 0 && !zeroRated ? 'BIL' as const : 'INV' as const);
  const [fromBilled, toBilled] = [billed(src.from, imported), billed(src.to, exported)];
  const from = moved(src.from, src.dispatchFrom, imported, src.borderState === undefined ? src.to.stcd : src.borderState);
  const to = moved(src.to, src.shipTo, exported, src.borderState === undefined ? src.from.stcd : src.borderState);
  const ewaybill: EWayBillDraft = {
    supplyType: src.supplyType, subSupplyType: src.subSupplyType, subSupplyDesc: src.subSupplyDesc ?? null, docType, docNo: boe?.number ?? src.number, docDate: irpDate(boe?.date ?? src.date),
    transactionType: transactionTypeOf(src.shipTo !== null, src.dispatchFrom !== null),
    fromGstin: fromBilled.gstin, fromTrdName: fromBilled.trdName, fromStateCode: fromBilled.stateCode,
    fromAddr1: from.addr1, fromAddr2: from.addr2, fromPlace: from.place, fromPincode: from.pincode, actFromStateCode: from.actState,
    toGstin: toBilled.gstin, toTrdName: toBilled.trdName, toStateCode: toBilled.stateCode,
    toAddr1: to.addr1, toAddr2: to.addr2, toPlace: to.place, toPincode: to.pincode, actToStateCode: to.actState,
    totalValue: toRupees(taxable), cgstValue: toRupees(cgst), sgstValue: toRupees(sgst), igstValue: toRupees(igst),
    cessValue: toRupees(cessAdValorem), cessNonAdvolValue: toRupees(cess - cessAdValorem), totInvValue: toRupees(withTax),
    transMode: transport.mode, transDistance: String(transport.distanceKm), transporterId: transport.transporterId, vehicleNo: transport.vehicleNo,
    // NIC's vehicle type is R, regular, unless the cargo is over-dimensional.
    vehicleType: transport.vehicleType ?? (transport.vehicleNo === null ? null : 'R'),
    transDocNo: transport.transDocNo ?? null, transDocDate: transport.transDocDate ? irpDate(transport.transDocDate) : null, transporterName: transport.transporterName ?? null,
    itemList: lines.map(({ line: l, inr: a }) => ({
      productName: l.name, productDesc: l.description,
      hsnCode: l.hsnOrSac !== null && /^[0-9]+$/.test(l.hsnOrSac) ? Number(l.hsnOrSac) : null,
      quantity: l.quantityMilli / 1000, qtyUnit: l.unit?.toUpperCase() ?? 'OTH', taxableAmount: toRupees(a.taxable),
      cgstRate: a.cgst === 0 ? 0 : l.taxRateCenti / 200, sgstRate: a.sgst === 0 ? 0 : l.taxRateCenti / 200, igstRate: a.igst === 0 ? 0 : l.taxRateCenti / 100,
      cessRate: (l.cessRateCenti ?? 0) / 100, cessNonadvol: toRupees(inr(l.cessPerUnit ?? 0)),
    })),
  };
  // Rule 138, Explanation 2: exempt and nil-rated goods are left out of the consignment value.
  const counted = lines.filter(({ line: l }) => countsTowardThreshold(l.taxRateCenti, zeroRated));
  const value = sum(counted.map(({ inr: a }) => a.taxable + a.cgst + a.sgst + a.igst + a.cess));
  // Goods crossing the border, or moving between two states, move inter-state.
  const interState = imported || exported || from.actState !== to.actState;
  const jobWork = src.subSupplyType === '4' || src.subSupplyType === '6';
  return { ewaybill, required: ewayBillRequired({ value, interState, intraStateThreshold: src.intraStateThreshold ?? EWAY_BILL_THRESHOLD, jobWorkAcrossStates: jobWork && interState }) };
}
