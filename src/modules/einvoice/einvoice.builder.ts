import { allocateByRemainder, roundDiv, sum, toRupees, type Paise } from '../../kernel/money';
import { gstUnit } from '../catalog/units.rules';
import { adValoremCessOn } from '../documents';
import type { Place } from '../ewaybill/movement.rules';
import { addressLines } from './address-lines.rules';
import { countryCodeOf } from './country-codes.rules';
import type { EInvoice } from './einvoice.schemas';
import { SUPPLY_TYPES } from './einvoice.schemas';

/** What an e-invoice is built from: one invoice, credit note or debit note, read from the books. Amounts in paise of its currency. */
export interface EInvoiceSource {
  typ: 'INV' | 'CRN' | 'DBN';
  number: string;
  date: string;
  gstTreatment: string | null;
  exportType: string | null;
  /** 2-digit GST code of the place of supply (96 for a foreign country). */
  pos: string;
  currency: string;
  /** Exchange rate to INR × 10^6. */
  rateMicro: number;
  roundOff: Paise;
  total: Paise;
  seller: Party;
  buyer: Party & { gstin: string | null; country: string | null };
  lines: SourceLine[];
  /** A credit note's invoice. */
  precedingInvoice: { number: string; date: string } | null;
  /** An export invoice's shipping bill, once given: ExpDtls' ShipBNo, ShipBDt, Port. */
  shippingBill?: { port: string; number: string; date: string } | null;
  /** The recipient pays the tax (CGST s.9(3)); a credit note follows its invoice. */
  reverseCharge?: boolean;
  /** Where the goods go when it is not the buyer's billing address (ewaybill/movement.rules.ts otherGoodsPlace): ShipDtls. */
  shipTo?: Place | null;
  /** Where the goods leave from when it is not the seller's address (an invoice's dispatch_from): DispDtls. */
  dispatchFrom?: Place | null;
  /** The organisation's payee account (preferences payeeName, payeeAccount, payeeIfsc), when configured: PayDtls. */
  payee?: Payee | null;
  /** What is paid and due on the document (its currency's paise), and its days of credit when it has a due date. */
  payment?: { creditDays: number | null; paid: Paise; due: Paise } | null;
}

export interface Payee { name: string; account: string; ifsc: string }

export interface Party { gstin: string | null; legalName: string; tradeName: string | null; address: string | null; city: string | null; zip: string | null; stcd: string | null }

export interface SourceLine {
  name: string;
  description: string | null;
  hsnOrSac: string | null;
  quantityMilli: number;
  unit: string | null;
  isService: boolean;
  rate: Paise;
  discount: Paise;
  taxRateCenti: number;
  itemTotal: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** Compensation cess: the line's whole cess, and its ad valorem rate (percent × 100); a line read without them bears none. */
  cess?: Paise;
  cessRateCenti?: number;
  /** The cess per unit of quantity (paise). */
  cessPerUnit?: Paise;
}

export type SupplyType = (typeof SUPPLY_TYPES)[number];
export const EXPORT_PIN = 999_999;
export const EXPORT_STATE = '96';
/**
 * An item's Unit: the line's unit when it is a GST UQC, goods and services alike, else OTH. The
 * IRP takes a code of its UQC master, 3 to 8 characters (schema 1.1, ItemList.Unit); a service
 * line's NA is neither.
 */
export const einvoiceUnit = (unit: string | null): string => (unit === null ? null : gstUnit(unit)) ?? 'OTH';

/** Within India, the buyer's treatments whose supply has an e-invoice, and its supply type (SEZ: whether IGST was paid). */
const SUPPLY_OF_TREATMENT = {
  REGISTERED: () => 'B2B',
  REGISTERED_COMPOSITION: () => 'B2B',
  SEZ: (paid: boolean) => (paid ? 'SEZWP' : 'SEZWOP'),
  DEEMED_EXPORT: () => 'DEXP',
} as const satisfies Record<string, (paid: boolean) => SupplyType>;
type EInvoicedTreatment = keyof typeof SUPPLY_OF_TREATMENT;

/** The treatments supplyTypeOf gives a supply type within India: with place of supply 96, the rule a list's filter reads in SQL. */
export const EINVOICED_TREATMENTS = Object.keys(SUPPLY_OF_TREATMENT) as EInvoicedTreatment[];

/**
 * The IRP supply type of a document (and, for SEZ and exports, whether IGST was paid). An
 * export is a supply at place of supply 96, whatever the buyer's treatment (docs/rules/gst-supply-and-tax.md,
 * "Places outside the states: 96 and 97"); otherwise the treatment decides. Null when the
 * document needs no e-invoice: an unregistered buyer, a consumer or an OVERSEAS buyer served in India (B2C).
 */
export function supplyTypeOf(gstTreatment: string | null, exportType: string | null, pos: string): SupplyType | null {
  const paid = exportType !== 'WOPAY';
  if (pos === EXPORT_STATE) return paid ? 'EXPWP' : 'EXPWOP';
  return gstTreatment !== null && Object.hasOwn(SUPPLY_OF_TREATMENT, gstTreatment) ? SUPPLY_OF_TREATMENT[gstTreatment as EInvoicedTreatment](paid) : null;
}

const isExport = (t: SupplyType) => t === 'EXPWP' || t === 'EXPWOP';

/** DD/MM/YYYY, the IRP's date format, of an ISO date. */
export const irpDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export { addressLines };

/** A PIN as the IRP's integer; null when the address has no 6-digit one (the checks report it). */
export const pinOf = (zip: string | null) => (zip !== null && /^[1-9][0-9]{5}$/.test(zip.trim()) ? Number(zip.trim()) : null);

/** Paise of a document's currency to paise of INR, at its rate (× 10^6). */
export const inrOf = (rateMicro: number) => (p: Paise): Paise => roundDiv(BigInt(p) * BigInt(rateMicro), 1_000_000n);

/** A line's amounts in INR paise, each converted on its own (so a document's totals are sums of converted lines). */
export function inrLine(l: SourceLine, inr: (p: Paise) => Paise) {
  const gross = inr(l.itemTotal + l.discount);
  const discount = inr(l.discount);
  return { gross, discount, taxable: gross - discount, cgst: inr(l.cgst), sgst: inr(l.sgst), igst: inr(l.igst), cess: inr(l.cess ?? 0) };
}

export type InrLine = ReturnType<typeof inrLine>;

/**
 * A line's cess in INR split as the IRP and NIC take it: the ad valorem part (taxable value ×
 * rate, converted) and the rest, the specific (per unit) part, so the two add up to the books' cess.
 */
export function cessParts(l: SourceLine, cessInr: Paise, inr: (p: Paise) => Paise): { adValorem: Paise; nonAdValorem: Paise } {
  const adValorem = Math.min(inr(adValoremCessOn(l.itemTotal, l.cessRateCenti ?? 0)), cessInr);
  return { adValorem, nonAdValorem: cessInr - adValorem };
}

/**
 * A document's lines in INR paise, each tax head agreeing with the books: the ledger converts a
 * head's document total once (documents/currency.rules.ts, documentInBase), so that total is
 * spread over the lines by largest remainder rather than each line's tax rounded on its own
 * (two lines of ₹7.515 would make ₹15.04 where the books post ₹15.03). Values convert line by line.
 */
export function inrLines(lines: readonly SourceLine[], rateMicro: number): InrLine[] {
  // In rupees every conversion is the identity: the BigInt work below would give back the lines' own amounts (a return's 100,000 documents paid it).
  if (rateMicro === 1_000_000) return lines.map((l) => inrLine(l, (p) => p));
  const inr = inrOf(rateMicro);
  const converted = lines.map((l) => inrLine(l, inr));
  for (const head of ['cgst', 'sgst', 'igst', 'cess'] as const) {
    const shares = allocateByRemainder(inr(sum(lines.map((l) => l[head] ?? 0))), lines.map((l) => BigInt(l[head] ?? 0) * BigInt(rateMicro)), 1_000_000n);
    shares.forEach((share, i) => { converted[i]![head] = share; });
  }
  return converted;
}

/**
 * The IRP payload of a document whose supply type is known. Every amount is converted to INR by
 * inrLines (the IRP takes rupee values even for an export, with the foreign total in
 * TotInvValFc); the document's totals are the sums of its converted lines, so AssVal is the sum
 * of AssAmt exactly, each tax total is the books', and TotInvVal is the converted document
 * total. A PIN that is not 6 digits is carried as 0, for the checks (einvoice.rules.ts) to
 * report before anyone sees the payload. Under reverse charge (`RegRev` Y) the items and ValDtls
 * state the tax the recipient pays, while each TotItemVal and TotInvVal is the value charged,
 * without it: the IRP takes an item's total with or without its tax on a reverse-charge supply
 * (docs/rules/einvoice-ewaybill.md, "Reverse charge").
 */
export function buildEInvoice(src: EInvoiceSource, supplyType: SupplyType): EInvoice {
  const inr = inrOf(src.rateMicro);
  const rupees = (p: Paise) => toRupees(inr(p));
  const exported = isExport(supplyType);

  /*
   * The rate, when quantity × rate is the line's gross; a tax-inclusive rate is not, so there
   * the gross per unit stands in, to the IRP's three decimals, and Qty × UnitPrice ≈ TotAmt.
   */
  const unitPrice = (l: SourceLine, grossInr: Paise) => (roundDiv(BigInt(l.quantityMilli) * BigInt(l.rate), 1000n) === l.itemTotal + l.discount
    ? rupees(l.rate)
    : roundDiv(BigInt(grossInr) * 10_000n, BigInt(l.quantityMilli)) / 1000);

  const converted = inrLines(src.lines, src.rateMicro);
  const items = src.lines.map((l, i) => {
    const { gross, discount, taxable, cgst, sgst, igst, cess } = converted[i]!;
    const { adValorem, nonAdValorem } = cessParts(l, cess, inr);
    return {
      paise: { taxable, cgst, sgst, igst, cess },
      item: {
        SlNo: String(i + 1),
        PrdDesc: l.description ?? l.name,
        IsServc: l.isService ? 'Y' as const : 'N' as const,
        HsnCd: l.hsnOrSac ?? '',
        Qty: l.quantityMilli / 1000,
        Unit: einvoiceUnit(l.unit),
        UnitPrice: unitPrice(l, gross),
        TotAmt: toRupees(gross),
        Discount: toRupees(discount),
        AssAmt: toRupees(taxable),
        GstRt: l.taxRateCenti / 100,
        IgstAmt: toRupees(igst), CgstAmt: toRupees(cgst), SgstAmt: toRupees(sgst),
        CesRt: (l.cessRateCenti ?? 0) / 100, CesAmt: toRupees(adValorem), CesNonAdvlAmt: toRupees(nonAdValorem), OthChrg: 0,
        TotItemVal: toRupees(src.reverseCharge ? taxable : taxable + cgst + sgst + igst + cess),
      },
    };
  });
  const total = (pick: (p: (typeof items)[number]['paise']) => Paise) => toRupees(sum(items.map((i) => pick(i.paise))));

  const payload: EInvoice = {
    Version: '1.1',
    TranDtls: {
      TaxSch: 'GST', SupTyp: supplyType, RegRev: src.reverseCharge ? 'Y' : 'N', EcmGstin: null,
      // A supply to an SEZ is inter-state whatever the states (IGST Act s.7(5)(b)): IGST in the seller's own state.
      IgstOnIntra: (supplyType === 'SEZWP' || supplyType === 'SEZWOP') && src.seller.stcd === src.pos ? 'Y' : 'N',
    },
    DocDtls: { Typ: src.typ, No: src.number, Dt: irpDate(src.date) },
    ...einvoiceParties(src, supplyType),
    ...dispatchDetails(src),
    ItemList: items.map((i) => i.item),
    ValDtls: {
      AssVal: total((p) => p.taxable), CgstVal: total((p) => p.cgst), SgstVal: total((p) => p.sgst), IgstVal: total((p) => p.igst),
      CesVal: total((p) => p.cess), StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: rupees(src.roundOff), TotInvVal: rupees(src.total),
      ...(src.currency === 'INR' ? {} : { TotInvValFc: toRupees(src.total) }),
    },
  };
  if (src.precedingInvoice) payload.RefDtls = { PrecDocDtls: [{ InvNo: src.precedingInvoice.number, InvDt: irpDate(src.precedingInvoice.date) }] };
  if (src.payee) {
    const payment = src.payment ? {
      ...(src.payment.creditDays === null ? {} : { CrDay: src.payment.creditDays }), PaidAmt: rupees(src.payment.paid), PaymtDue: rupees(src.payment.due),
    } : {};
    payload.PayDtls = { Nm: src.payee.name, AccDet: src.payee.account, FinInsBr: src.payee.ifsc, ...payment };
  }
  if (exported) {
    const country = countryCodeOf(src.buyer.country);
    const shipped = src.shippingBill ? { ShipBNo: src.shippingBill.number, ShipBDt: irpDate(src.shippingBill.date), Port: src.shippingBill.port } : {};
    payload.ExpDtls = { ...shipped, ForCur: src.currency, ...(country === null ? {} : { CntCode: country }), RefClm: supplyType === 'EXPWP' ? 'Y' : 'N' };
  }
  return payload;
}

type PartySource = Pick<EInvoiceSource, 'seller' | 'buyer' | 'pos' | 'shipTo'>;

/** The place the goods leave from, in the seller's name, when it is not the seller's own address: DispDtls. */
function dispatchDetails(src: Pick<EInvoiceSource, 'seller' | 'dispatchFrom'>): Pick<EInvoice, 'DispDtls'> {
  const from = src.dispatchFrom;
  if (!from) return {};
  return { DispDtls: { Nm: src.seller.legalName, ...addressLines(from.address), Loc: from.city ?? '', Pin: pinOf(from.zip) ?? 0, Stcd: from.stcd ?? '' } };
}

/**
 * The parties of an e-invoice: the seller, the buyer and, when the goods go elsewhere, where they
 * are shipped. Built alone too, for the checks an organisation that e-invoices runs when a
 * document is issued (einvoice.rules.ts partyProblems). A PIN that is not 6 digits is 0, for the
 * checks to report. On an export the buyer is URP at 999999 in 96, and so is a place abroad it ships to.
 */
export function einvoiceParties(src: PartySource, supplyType: SupplyType): Pick<EInvoice, 'SellerDtls' | 'BuyerDtls' | 'ShipDtls'> {
  const { seller, buyer } = src;
  const exported = isExport(supplyType);
  const parties: Pick<EInvoice, 'SellerDtls' | 'BuyerDtls' | 'ShipDtls'> = {
    SellerDtls: {
      Gstin: seller.gstin ?? '', LglNm: seller.legalName, TrdNm: seller.tradeName, ...addressLines(seller.address),
      Loc: seller.city ?? '', Pin: pinOf(seller.zip) ?? 0, Stcd: seller.stcd ?? '',
    },
    BuyerDtls: {
      Gstin: exported ? 'URP' : (buyer.gstin ?? ''), LglNm: buyer.legalName, TrdNm: buyer.tradeName, ...addressLines(buyer.address),
      Loc: buyer.city ?? '', Pin: exported ? EXPORT_PIN : (pinOf(buyer.zip) ?? 0),
      Stcd: exported ? EXPORT_STATE : (buyer.stcd ?? ''), Pos: exported ? EXPORT_STATE : src.pos,
    },
  };
  const ship = src.shipTo;
  if (ship) {
    const abroad = exported && (ship.stcd === null || ship.stcd === EXPORT_STATE);
    const stcd = abroad ? EXPORT_STATE : (ship.stcd ?? '');
    // The buyer's registration where the goods go; none in another state, whose registration Bahi does not know.
    const gstin = exported ? 'URP' : (buyer.gstin !== null && buyer.gstin.slice(0, 2) === stcd ? buyer.gstin : null);
    parties.ShipDtls = {
      ...(gstin === null ? {} : { Gstin: gstin }), LglNm: buyer.legalName, TrdNm: buyer.tradeName, ...addressLines(ship.address),
      Loc: ship.city ?? '', Pin: abroad ? EXPORT_PIN : (pinOf(ship.zip) ?? 0), Stcd: stcd,
    };
  }
  return parties;
}
