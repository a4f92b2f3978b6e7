import { invalidValue } from '../../kernel/errors';
import { isSac } from '../catalog/hsn.rules';
import { assertRatesExcludeTax } from './reverse-charge.rules';

/**
 * CGST Act section 17(5): the clauses that block input tax credit. (a) motor vehicles;
 * (aa) vessels and aircraft; (ab) their insurance, servicing and repair; (b) food, catering,
 * beauty, health, club membership, employee travel; (c) works contracts for immovable property;
 * (d) construction on own account; (e) composition-scheme tax; (f) non-resident taxable person;
 * (fa) CSR obligations; (g) personal consumption; (h) goods lost, stolen, destroyed, written off
 * or gifted; (i) tax paid under sections 74, 129 and 130.
 */
export const ITC_BLOCKED_REASONS = [
  '17(5)(a)', '17(5)(aa)', '17(5)(ab)', '17(5)(b)', '17(5)(c)', '17(5)(d)', '17(5)(e)', '17(5)(f)', '17(5)(fa)',
  '17(5)(g)', '17(5)(h)', '17(5)(i)',
] as const;
export type ItcBlockedReason = (typeof ITC_BLOCKED_REASONS)[number];

export interface PurchaseTaxTerms {
  /** The tax is self-assessed by the organisation, not charged by the vendor. */
  reverseCharge: boolean;
  /** A service bought from abroad: IGST whatever the place of supply. */
  importOfServices: boolean;
  /** Bought from abroad (an OVERSEAS vendor): inter-state whatever the place of supply. */
  imported: boolean;
  /** Per line: goods imported, whose IGST is paid at customs on a Bill of Entry, so the line bears none. */
  goodsImported: boolean[];
}

/**
 * An OVERSEAS vendor's line is an import of goods when its code is an HSN outside chapter 99
 * (docs/rules/returns-gstr1-gstr3b.md, "Imports of goods: the Bill of Entry"): IGST on it is
 * levied at customs with the customs duty (IGST Act s.5(1) proviso, Customs Tariff Act s.3(7)),
 * never on the vendor's bill nor under reverse charge. A SAC line, or one without a code, is
 * an import of services.
 */
export const importOfGoods = (vendorTreatment: string | null, hsnOrSac: string | null) =>
  vendorTreatment === 'OVERSEAS' && hsnOrSac !== null && !isSac(hsnOrSac);

/**
 * How a bill is taxed. A bill from an OVERSEAS vendor is an import, inter-state (IGST Act
 * s.7(2) goods, s.7(4) services). Its lines of goods bear no tax (importOfGoods); its lines of
 * services are an import of services (s.2(11)), taxed under reverse charge (s.5(3),
 * notification 10/2017-IT(R)). So for such a vendor `is_rcm` follows the lines: `false` with a
 * service line, or `true` with none, is 400. Otherwise reverse charge is what the caller says
 * (s.9(3)/(4) CGST: notified services, or supplies from an unregistered person). The vendor
 * charged no GST under reverse charge, so tax-inclusive rates contradict it (400).
 */
export function purchaseTaxTerms(input: {
  vendorTreatment: string | null; isRcm: boolean | undefined; inclusive: boolean; lineCodes: readonly (string | null)[];
}): PurchaseTaxTerms {
  const imported = input.vendorTreatment === 'OVERSEAS';
  const goodsImported = input.lineCodes.map((code) => importOfGoods(input.vendorTreatment, code));
  const importOfServices = imported && goodsImported.some((goods) => !goods);
  if (importOfServices && input.isRcm === false) {
    throw invalidValue('is_rcm', 'a service bought from an OVERSEAS vendor is an import of services, taxed under reverse charge (IGST Act s.5(3)); '
      + 'goods imported (an HSN outside chapter 99) pay IGST at customs, on a Bill of Entry');
  }
  if (imported && !importOfServices && input.isRcm === true) {
    throw invalidValue('is_rcm', 'goods imported (every line an HSN outside chapter 99) pay IGST at customs on a Bill of Entry (IGST Act s.5(1) proviso), not under reverse charge');
  }
  const reverseCharge = importOfServices || (!imported && input.isRcm === true);
  assertRatesExcludeTax(reverseCharge, input.inclusive);
  return { reverseCharge, importOfServices, imported, goodsImported };
}

/**
 * A note posts the mirror of an ordinary purchase: payables against the lines and the input
 * ledgers. An import (its tax paid at customs or self-assessed), a bill under reverse charge
 * (whose tax is owed to the government, not the vendor),
 * one whose credit the place of supply restricts, or a line whose credit s.17(5) blocked
 * (whose tax sits in its account) would be mis-posted so: such a note is refused (400 on
 * `bill_id`, or on the line), to be corrected by a journal.
 */
export function assertNoteCanCorrect(
  parent: { kind: string; reverseCharge?: boolean; imported?: boolean; supplyType: string; placeOfSupply: string },
  parentLines: readonly { line_item_id: string; itc_blocked_reason?: string | null }[],
  boundLineIds: readonly (string | null)[],
  branchState: string,
): void {
  if (parent.kind !== 'bill') return;
  if (parent.imported) {
    throw invalidValue('bill_id', "a note cannot correct a bill from an OVERSEAS vendor: its goods' IGST was paid at customs and its services' self-assessed, neither of which a note reverses; post a journal");
  }
  if (parent.reverseCharge) {
    throw invalidValue('bill_id', 'a note cannot correct a reverse-charge bill: its tax was self-assessed, which a note does not reverse; post a journal');
  }
  if (posRestricted(parent.supplyType, parent.placeOfSupply, branchState)) {
    throw invalidValue('bill_id', "a note cannot correct a bill taxed in another state (its credit is restricted and its tax is in the lines' cost), which a note does not reverse; post a journal");
  }
  const blocked = new Set(parentLines.filter((l) => l.itc_blocked_reason).map((l) => l.line_item_id));
  const i = boundLineIds.findIndex((id) => id !== null && blocked.has(id));
  if (i >= 0) {
    throw invalidValue(`line_items[${i}].bill_line_item_id`, "a note cannot correct a bill line whose credit s.17(5) blocked: its tax is in the line's account, which a note does not reverse; post a journal");
  }
}

/**
 * Credit restricted by place-of-supply rules: a purchase taxed as intra-state (CGST and SGST)
 * in a state other than the receiving branch's. Its place of supply is where it is consumed (a
 * hotel or hall, IGST Act s.12(3); a meal, s.12(8)), so the tax is another state's and the
 * branch's GSTIN has no credit of it: the books put it in the line's cost, as a blocked credit,
 * and GSTR-3B reports it in 4(D)(2). States are canonical (IN-KA).
 */
export const posRestricted = (supplyType: string, placeOfSupply: string, branchState: string) => supplyType === 'INTRA' && placeOfSupply !== branchState;
