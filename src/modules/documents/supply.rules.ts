import { isIntraState, resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { EXPORT_PLACE_OF_SUPPLY } from '../../kernel/gst/states';

/**
 * Which tax a supply bears (docs/decisions.md, "GST"). Pure: the party resolver feeds it the
 * supplier and the place of supply; the GST engine (line-amounts.rules) prices by its answer.
 */

/** INTRA: CGST + SGST/UTGST halves. INTER: IGST at the full rate. */
export type SupplyType = 'INTRA' | 'INTER';

/** Zero-rated supplies (IGST Act s.16): with payment of IGST, or without it under a Letter of Undertaking (Rule 96A). */
export const EXPORT_TYPES = ['WPAY', 'WOPAY'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** A supplier as the records know it: its GSTIN, and the state it recorded. */
export interface Supplier {
  gstin: string | null;
  state: string | null;
}

/** A GSTIN's state, else the recorded one; null when neither resolves. */
function stateOf(party: Supplier): string | null {
  const byGstin = party.gstin ? resolvePlaceOfSupply(party.gstin.slice(0, 2)) : null;
  return byGstin ?? (party.state ? resolvePlaceOfSupply(party.state) : null);
}

/**
 * Who supplies and where it is (IGST Act s.2(56), "location of the supplier"): on sales the
 * branch, on purchases the vendor; each by the state of its GSTIN (the first two digits), else
 * its recorded state (the branch's state_code, the vendor's place_of_contact). A purchase
 * without a vendor, or from one whose state is not on record, is taken to be from where the
 * branch is.
 */
export function supplierStateOf(side: 'sales' | 'purchase', branch: Supplier & { state: string }, vendor: Supplier | null): string {
  const branchState = stateOf(branch) ?? branch.state;
  return side === 'purchase' && vendor ? (stateOf(vendor) ?? branchState) : branchState;
}

export interface SupplyFacts {
  supplierState: string;
  /** Canonical IN-XX. */
  placeOfSupply: string;
  /** The other party's gst_treatment (the customer's on sales, the vendor's on purchases). */
  counterpartyTreatment: string | null;
  /** As sent on the document; only an invoice (or a credit note after it) takes one. */
  exportType: ExportType | null;
}

export interface TaxRouting {
  supply: SupplyType;
  /** WOPAY: every line's tax is 0, its rate still recorded. */
  zeroRated: boolean;
  /** What the document records: WPAY or WOPAY on an export or a supply to an SEZ, else null. */
  exportType: ExportType | null;
}

/** export_type on a supply that is neither an export nor to or from an SEZ: 400 on `export_type`. */
export class ExportTypeNotApplicableError extends RangeError {
  readonly field = 'export_type';
  constructor() {
    super('export_type applies only to an export (place_of_supply 96) or a supply to an SEZ (gst_treatment SEZ)');
    this.name = 'ExportTypeNotApplicableError';
  }
}

/** An export (place of supply 96) or a supply to or by an SEZ developer or unit. */
export function isZeroRatedSupply(placeOfSupply: string, counterpartyTreatment: string | null): boolean {
  return placeOfSupply === EXPORT_PLACE_OF_SUPPLY || counterpartyTreatment === 'SEZ';
}

/**
 * Intra-state (IGST Act s.8) when the supplier's state is the place of supply, else
 * inter-state (s.7). An export and a supply to or by an SEZ are inter-state whatever the
 * states (s.7(5)(a), (b)); they are zero-rated (s.16) and bear IGST (WPAY, the default) or
 * no tax (WOPAY). Other territory (97) is inter-state. A deemed export (s.147 CGST) is taxed
 * as an ordinary supply by its place of supply.
 */
export function routeSupply(facts: SupplyFacts): TaxRouting {
  if (isZeroRatedSupply(facts.placeOfSupply, facts.counterpartyTreatment)) {
    const exportType = facts.exportType ?? 'WPAY';
    return { supply: 'INTER', zeroRated: exportType === 'WOPAY', exportType };
  }
  if (facts.exportType !== null) throw new ExportTypeNotApplicableError();
  return { supply: isIntraState(facts.supplierState, facts.placeOfSupply) ? 'INTRA' : 'INTER', zeroRated: false, exportType: null };
}

/**
 * What the invoice of a zero-rated supply must say (CGST Rule 46, proviso on exports and
 * supplies to an SEZ): whether it is an export or to an SEZ, and whether IGST is paid (WPAY)
 * or not, under bond or Letter of Undertaking (WOPAY). Null for any other supply.
 */
export function zeroRatingEndorsement(placeOfSupply: string, exportType: string | null): string | null {
  if (exportType !== 'WPAY' && exportType !== 'WOPAY') return null;
  const supply = placeOfSupply === EXPORT_PLACE_OF_SUPPLY ? 'SUPPLY MEANT FOR EXPORT' : 'SUPPLY MEANT FOR SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS';
  return exportType === 'WPAY' ? `${supply} ON PAYMENT OF INTEGRATED TAX` : `${supply} UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX`;
}
