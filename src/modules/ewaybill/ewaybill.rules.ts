import type { Paise } from '../../kernel/money';

/** CGST Rule 138(1): the consignment value above which goods move on an e-way bill, ₹50,000. */
export const EWAY_BILL_THRESHOLD: Paise = 5_000_000;

export interface ConsignmentMovement {
  /** The taxable goods' value with their tax: exempt and nil-rated goods left out (Rule 138, Explanation 2). */
  value: Paise;
  /** Whether the goods leave one state for another (or cross the border). */
  interState: boolean;
  /** The state's threshold for a movement within it (the organisation's ewayBillIntraStateThreshold). */
  intraStateThreshold: Paise;
  /** Goods sent to or brought back from a job worker in another state (Rule 138(1), third proviso). */
  jobWorkAcrossStates: boolean;
}

/**
 * Whether CGST Rule 138 requires an e-way bill (docs/rules/einvoice-ewaybill.md, "When an e-way
 * bill is required"): a consignment above ₹50,000 across states, above the state's own threshold
 * within one (Rule 138(14)(d) lets each state set it), and any inter-state movement to or from a
 * job worker whatever its value (Rule 138(1), third proviso).
 */
export function ewayBillRequired(m: ConsignmentMovement): boolean {
  if (m.jobWorkAcrossStates && m.interState) return true;
  return m.value > (m.interState ? EWAY_BILL_THRESHOLD : m.intraStateThreshold);
}

/**
 * Whether a goods line counts toward the consignment value: a line taxed at a rate above 0, or a
 * zero-rated one (an export, a supply to an SEZ, a deemed export: taxable goods at rate 0, IGST
 * Act s.16). A 0 rate on anything else is exempt or nil-rated, which Rule 138's Explanation 2
 * leaves out.
 */
export const countsTowardThreshold = (taxRateCenti: number, zeroRated: boolean) => taxRateCenti > 0 || zeroRated;

/** NIC's sub-supply types. */
export const SUB_SUPPLY_TYPES = {
  1: 'Supply', 2: 'Import', 3: 'Export', 4: 'Job Work', 5: 'For Own Use', 6: 'Job work Returns', 7: 'Sales Return', 8: 'Others',
  9: 'SKD/CKD/Lots', 10: 'Line Sales', 11: 'Recipient Not Known', 12: 'Exhibition or Fairs',
} as const;
export type SubSupplyType = `${keyof typeof SUB_SUPPLY_TYPES}`;
export const SUB_SUPPLY_CODES = Object.keys(SUB_SUPPLY_TYPES) as SubSupplyType[];

/** NIC's document types: tax invoice, bill of supply, Bill of Entry, delivery challan, other. */
export const DOC_TYPES = ['INV', 'BIL', 'BOE', 'CHL', 'OTH'] as const;
export type DocType = (typeof DOC_TYPES)[number];

/**
 * The document types the e-way bill system takes for each supply and sub-supply type (NIC's
 * validation of the combination of supply type, sub-supply type and document type, as published
 * on the e-way bill portal's change notes; docs/rules/einvoice-ewaybill.md, "What the e-way bill
 * system checks"). A combination not listed is refused.
 */
export const ALLOWED_DOC_TYPES: Record<'O' | 'I', Partial<Record<SubSupplyType, readonly DocType[]>>> = {
  O: {
    1: ['INV', 'BIL'], 3: ['INV', 'BIL'], 4: ['CHL'], 9: ['INV', 'BIL', 'CHL'], 11: ['CHL', 'OTH'],
    5: ['CHL'], 12: ['CHL'], 10: ['CHL'], 8: ['CHL', 'OTH'],
  },
  I: {
    1: ['INV', 'BIL'], 2: ['BOE'], 9: ['BOE', 'INV', 'BIL', 'CHL'], 6: ['CHL'], 7: ['CHL'],
    12: ['CHL'], 5: ['CHL'], 8: ['CHL', 'OTH'],
  },
};

/** Why the e-way bill system refuses a supply type, sub-supply type and document type together; null when it takes them. */
export function combinationProblem(supplyType: 'O' | 'I', subSupplyType: SubSupplyType, docType: DocType): string | null {
  const allowed = ALLOWED_DOC_TYPES[supplyType][subSupplyType];
  const direction = supplyType === 'O' ? 'outward' : 'inward';
  const name = `${direction} ${SUB_SUPPLY_TYPES[subSupplyType]} (${subSupplyType})`;
  if (allowed === undefined) return `the e-way bill system has no ${name}`;
  return allowed.includes(docType) ? null : `an ${name} moves on ${allowed.join(' or ')}, not ${docType}`;
}

/**
 * An outward supply is an export when its place of supply is 96, a foreign country (IGST Act
 * s.2(5), s.13), whatever the customer's treatment; an inward supply is an import when it comes
 * from an overseas vendor (docs/rules/einvoice-ewaybill.md, "E-way bill").
 */
export function subSupplyTypeOf(supplyType: 'O' | 'I', placeOfSupply: string | null, gstTreatment: string | null): SubSupplyType {
  if (supplyType === 'O') return placeOfSupply === '96' ? '3' : '1';
  return gstTreatment === 'OVERSEAS' ? '2' : '1';
}
