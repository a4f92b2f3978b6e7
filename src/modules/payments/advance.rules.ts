import { invalidValue, requiredField } from '../../kernel/errors';
import { isIntraState, resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { EXPORT_PLACE_OF_SUPPLY } from '../../kernel/gst/states';
import type { Paise } from '../../kernel/money';
import { taxableOfInclusive, taxOn } from '../documents/line-amounts.rules';
import type { SupplyType } from '../documents/supply.rules';

/*
 * Advances received (docs/rules/returns-gstr1-gstr3b.md, "Advances received"). Tax on an advance
 * for services is due when it is received (CGST s.13(2)); on one for goods it is not
 * (Notification 66/2017-CT), so a goods advance is only marked.
 */

export const ADVANCE_FOR = ['GOODS', 'SERVICES'] as const;
export type AdvanceFor = (typeof ADVANCE_FOR)[number];

/** CGST Rule 50(1), second proviso (i): 18% when the rate cannot be determined. */
export const DEFAULT_ADVANCE_RATE_CENTI = 1800;

/** The tax on (part of) an advance, paise: the taxable value inside it and each head. */
export interface AdvanceTax { taxable: Paise; igst: Paise; cgst: Paise; sgst: Paise }

export const NO_ADVANCE_TAX: AdvanceTax = { taxable: 0, igst: 0, cgst: 0, sgst: 0 };

/** What a receipt says of the advance it is. */
export interface AdvanceRequest { advance_for?: AdvanceFor; place_of_supply?: string; gst_rate?: number }

/** What places it: the payment's direction and currency, the branch's state, the customer's place (IN-XX) when known. */
export interface AdvanceFacts { flow: string; currency: string; baseCurrency: string; supplierState: string; customerPlace: string | null }

export interface AdvanceTerms { advanceFor: AdvanceFor | null; placeOfSupply: string | null; supply: SupplyType | null; rateCenti: number | null }

/**
 * The terms of an advance, or 400 on the field at fault. Only a customer receipt in the base
 * currency is an advance for services: an advance from abroad is for an export, zero-rated. Its
 * place of supply is the one sent, else the customer's (CGST s.13(2) and IGST Act s.12(2), s.13(2):
 * the recipient's location); a place not sent leaves the nature of supply undetermined, so it is
 * inter-state (Rule 50(1), second proviso (ii)); the rate not sent is 18% (proviso (i)).
 */
export function advanceTermsOf(input: AdvanceRequest, facts: AdvanceFacts): AdvanceTerms {
  const advanceFor = input.advance_for ?? null;
  for (const field of ['place_of_supply', 'gst_rate'] as const) {
    if (input[field] !== undefined && advanceFor !== 'SERVICES') throw invalidValue(field, `${field} is for an advance for services (advance_for: SERVICES)`);
  }
  if (advanceFor !== null && facts.flow !== 'INCOMING') throw invalidValue('advance_for', 'only an INCOMING payment from a customer is an advance received');
  if (advanceFor !== 'SERVICES') return { advanceFor, placeOfSupply: null, supply: null, rateCenti: null };
  if (facts.currency !== facts.baseCurrency) throw invalidValue('advance_for', 'an advance in a foreign currency is for an export of services, which bears no tax on it');
  const sent = input.place_of_supply === undefined ? null : resolvePlaceOfSupply(input.place_of_supply);
  if (input.place_of_supply !== undefined && sent === null) throw invalidValue('place_of_supply', 'not a GST state, a state code or IN-XX');
  const placeOfSupply = sent ?? facts.customerPlace;
  if (placeOfSupply === null) throw requiredField('place_of_supply', "place_of_supply is required: the customer's state is not on record");
  if (placeOfSupply === EXPORT_PLACE_OF_SUPPLY) throw invalidValue('place_of_supply', 'an advance for an export of services bears no tax');
  const supply: SupplyType = sent !== null && isIntraState(facts.supplierState, sent) ? 'INTRA' : 'INTER';
  return { advanceFor, placeOfSupply, supply, rateCenti: input.gst_rate === undefined ? DEFAULT_ADVANCE_RATE_CENTI : Math.round(input.gst_rate * 100) };
}

/** The tax inside a tax-inclusive advance (Rule 50(1)(d), (e)): its taxable value and the tax on it, rounded as a line's. */
export function advanceTaxOf(amount: Paise, rateCenti: number, supply: SupplyType): AdvanceTax {
  const taxable = taxableOfInclusive(amount, rateCenti);
  const { igst, cgst, sgst } = taxOn(taxable, rateCenti, supply);
  return { taxable, igst, cgst, sgst };
}

const HEADS = ['taxable', 'igst', 'cgst', 'sgst'] as const;

/** a − Σ rest, head by head. */
export const lessTax = (a: AdvanceTax, rest: readonly AdvanceTax[]): AdvanceTax =>
  Object.fromEntries(HEADS.map((h) => [h, a[h] - rest.reduce((s, r) => s + r[h], 0)])) as unknown as AdvanceTax;

/**
 * The tax an adjustment against an invoice takes back (CGST s.13(2): the invoice now carries
 * it): what is still posted on the advance less the tax on what stays unadjusted after it, head
 * by head, never below 0. So the adjustment that uses the advance up takes back all that is left,
 * and the parts always sum to what the receipt posted.
 */
export function taxTakenBack(outstanding: AdvanceTax, unadjustedAfter: Paise, rateCenti: number, supply: SupplyType): AdvanceTax {
  const left = advanceTaxOf(unadjustedAfter, rateCenti, supply);
  return Object.fromEntries(HEADS.map((h) => [h, Math.max(0, outstanding[h] - left[h])])) as unknown as AdvanceTax;
}
