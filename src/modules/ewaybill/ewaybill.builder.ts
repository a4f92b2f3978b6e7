import { sum, toRupees, type Paise } from '../../kernel/money';
import { addressLines, EXPORT_PIN, inrLine, inrOf, irpDate, pinOf, type Party, type SourceLine } from '../einvoice';
import { ewayBillRequired } from './ewaybill.rules';
import type { TransMode } from './transport.rules';
import type { EWayBill } from './ewaybill.schemas';

/** What an e-way bill is built from: an invoice (outward) or a bill (inward), read from the books. Amounts in paise of its currency. */
export interface EWayBillSource {
  supplyType: 'O' | 'I';
  number: string;
  date: string;
  /** Exchange rate to INR × 10^6. */
  rateMicro: number;
  /** The contact's GST treatment: OVERSEAS makes an invoice an export and a bill an import. */
  gstTreatment: string | null;
  /** The consignor and the consignee: the branch and the contact, in the direction the goods move. */
  from: Party;
  to: Party;
  lines: SourceLine[];
}

export interface Transport { mode: TransMode | null; distanceKm: number; vehicleNo: string | null; transporterId: string | null }

/** NIC's state code for a place outside India (the e-invoice's is 96). */
const ABROAD_STATE = 99;
const ZERO_RATED = new Set(['OVERSEAS', 'SEZ', 'DEEMED_EXPORT']);

/**
 * The NIC e-way bill of a document's goods lines (services move nothing), every amount in INR
 * line by line as in the e-invoice, and whether Rule 138 requires it. Null when the document
 * has no goods line.
 */
export function buildEWayBill(src: EWayBillSource, transport: Transport): { ewaybill: EWayBill; required: boolean } | null {
  const goods = src.lines.filter((l) => !l.isService);
  if (goods.length === 0) return null;
  const inr = inrOf(src.rateMicro);
  const lines = goods.map((l) => ({ line: l, inr: inrLine(l, inr) }));
  const total = (pick: (a: ReturnType<typeof inrLine>) => Paise) => sum(lines.map((l) => pick(l.inr)));
  const [taxable, cgst, sgst, igst] = [total((a) => a.taxable), total((a) => a.cgst), total((a) => a.sgst), total((a) => a.igst)];
  const withTax = taxable + cgst + sgst + igst;
  const abroad = src.gstTreatment === 'OVERSEAS';
  // A bill of supply (Rule 49) carries no tax; a zero-rated supply is still on a tax invoice.
  const docType = cgst + sgst + igst === 0 && !ZERO_RATED.has(src.gstTreatment ?? '') ? 'BIL' as const : 'INV' as const;
  const party = (p: Party, foreign: boolean) => {
    const { Addr1, Addr2 } = addressLines(p.address);
    return {
      gstin: foreign || p.gstin === null ? 'URP' : p.gstin, trdName: p.tradeName ?? p.legalName, addr1: Addr1, addr2: Addr2, place: p.city ?? '',
      pincode: foreign ? EXPORT_PIN : pinOf(p.zip), stateCode: foreign ? ABROAD_STATE : (p.stcd === null ? null : Number(p.stcd)),
    };
  };
  const from = party(src.from, abroad && src.supplyType === 'I');
  const to = party(src.to, abroad && src.supplyType === 'O');
  const ewaybill: EWayBill = {
    supplyType: src.supplyType,
    subSupplyType: abroad ? (src.supplyType === 'O' ? '3' : '2') : '1',
    docType, docNo: src.number, docDate: irpDate(src.date),
    fromGstin: from.gstin, fromTrdName: from.trdName, fromAddr1: from.addr1, fromAddr2: from.addr2, fromPlace: from.place, fromPincode: from.pincode, fromStateCode: from.stateCode,
    toGstin: to.gstin, toTrdName: to.trdName, toAddr1: to.addr1, toAddr2: to.addr2, toPlace: to.place, toPincode: to.pincode, toStateCode: to.stateCode,
    totalValue: toRupees(taxable), cgstValue: toRupees(cgst), sgstValue: toRupees(sgst), igstValue: toRupees(igst), cessValue: 0, totInvValue: toRupees(withTax),
    transMode: transport.mode, transDistance: transport.distanceKm, transporterId: transport.transporterId, vehicleNo: transport.vehicleNo,
    itemList: lines.map(({ line: l, inr: a }) => ({
      productName: l.name, productDesc: l.description,
      hsnCode: l.hsnOrSac !== null && /^[0-9]+$/.test(l.hsnOrSac) ? Number(l.hsnOrSac) : null,
      quantity: l.quantityMilli / 1000, qtyUnit: l.unit?.toUpperCase() ?? 'OTH', taxableAmount: toRupees(a.taxable),
      cgstRate: a.cgst === 0 ? 0 : l.taxRateCenti / 200, sgstRate: a.sgst === 0 ? 0 : l.taxRateCenti / 200, igstRate: a.igst === 0 ? 0 : l.taxRateCenti / 100, cessRate: 0,
    })),
  };
  return { ewaybill, required: ewayBillRequired(withTax) };
}
