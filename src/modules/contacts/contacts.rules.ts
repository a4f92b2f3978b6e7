import { invalidValue } from '../../kernel/errors';
import { gstinKind, gstinProblem, validateGstin } from '../../kernel/gst/gstin';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { EXPORT_PLACE_OF_SUPPLY } from '../../kernel/gst/states';
import { unrecognisedState } from '../../kernel/gst/unrecognised-state';
import { toPaise, toRupees } from '../../kernel/money';
import type { AddressInput, ContactPersonInput } from './contacts.schemas';

/** Pure rules for contacts: GST identity, addresses, contact persons. No I/O. */

export interface Address {
  address: string | null;
  city: string | null;
  state_code: string | null;
  zip: string | null;
  country: string | null;
}

const EMPTY_ADDRESS: Address = { address: null, city: null, state_code: null, zip: null, country: null };

export function checkGstin(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null) return value;
  const result = validateGstin(value);
  if (!result.ok) throw invalidValue('gst_no', gstinProblem('gst_no', result.reason), { details: { reason: result.reason } });
  return result.gstin;
}

export function checkState(value: string | null | undefined, field: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  const state = resolvePlaceOfSupply(value);
  if (!state) throw unrecognisedState(field, value);
  return state;
}

const PAN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
/**
 * Characters 3-12 of a GSTIN, taken as the PAN when the caller gave none, if they are one: a
 * UIN, a non-resident's, an OIDAR provider's or a government department's id, and a
 * deductor's with a TAN, carry none (docs/rules/gstin.md, "Kinds").
 */
export const panOfGstin = (gstin: string): string | null => (PAN.test(gstin.slice(2, 12)) ? gstin.slice(2, 12) : null);

/** The state a GSTIN is registered in, as IN-XX. */
export const stateOfGstin = (gstin: string): string | null => resolvePlaceOfSupply(gstin.slice(0, 2));

/*
 * gst_treatment and place_of_contact are never null in the spec's Contact, so leaving one
 * out on create, or clearing it with null on update, falls back to these defaults.
 */

/**
 * A GSTIN means a registered business, a UIN a UN body or embassy; without one, or with a
 * non-resident's or OIDAR provider's id (never a B2B recipient), the contact is unregistered.
 */
export function defaultGstTreatment(gstin: string | null): string {
  const kind = gstin === null ? null : gstinKind(gstin);
  if (kind === 'UIN') return 'UIN';
  return kind === null || kind === 'NON_RESIDENT' || kind === 'OIDAR' ? 'UNREGISTERED' : 'REGISTERED';
}

/**
 * Where the contact is: its GSTIN's state; else a foreign country (96) for an OVERSEAS
 * contact; else the organisation's own state (an intra-state default, and what estimates
 * inherit as place_of_supply). GSTIN prefixes without a place-of-supply code (25, 28) fall
 * back the same way.
 */
export const defaultPlaceOfContact = (gstin: string | null, orgState: string, gstTreatment: string | null = null): string =>
  (gstin ? stateOfGstin(gstin) : null) ?? (gstTreatment === 'OVERSEAS' ? EXPORT_PLACE_OF_SUPPLY : orgState);

/**
 * Nested objects merge: fields sent replace, null clears, fields not sent stay.
 * `null` for the whole address clears it.
 */
export function mergeAddress(current: Address | null, patch: AddressInput | null | undefined, field: string): Address | null {
  if (patch === undefined) return current;
  if (patch === null) return null;
  const merged: Address = { ...(current ?? EMPTY_ADDRESS) };
  for (const key of Object.keys(EMPTY_ADDRESS) as (keyof Address)[]) {
    if (patch[key] !== undefined) merged[key] = patch[key] ?? null;
  }
  merged.state_code = checkState(merged.state_code, `${field}.state_code`) ?? null;
  return merged;
}

export interface PersonPlan {
  contact_person_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  is_primary: boolean;
}

/**
 * contact_persons replaces the list in full: entries with an id update that person (it
 * must be one of this contact's), entries without are new, absent ones are removed.
 * At most one is marked primary. Like its other fields, an updated person keeps its
 * is_primary when the entry leaves it out, unless another entry claims primary; when
 * no one ends up primary, the first one is.
 */
export function planPersons(
  existing: ReadonlyMap<string, Omit<PersonPlan, 'contact_person_id'>>,
  input: readonly ContactPersonInput[],
): PersonPlan[] {
  const seen = new Set<string>();
  const claimed = input.some((p) => p.is_primary === true);
  const plans = input.map((p, i): PersonPlan => {
    const id = p.contact_person_id ?? null;
    const field = `contact_persons[${i}].contact_person_id`;
    const before = id ? existing.get(id) : undefined;
    if (id && !before) throw invalidValue(field, 'contact_person_id is not a person of this contact');
    if (id && seen.has(id)) throw invalidValue(field, 'contact_person_id appears twice');
    if (id) seen.add(id);
    const pick = <K extends 'first_name' | 'last_name' | 'email' | 'phone'>(k: K) =>
      p[k] !== undefined ? (p[k] ?? null) : (before?.[k] ?? null);
    return {
      contact_person_id: id,
      first_name: pick('first_name'),
      last_name: pick('last_name'),
      email: pick('email'),
      phone: pick('phone'),
      is_primary: p.is_primary ?? (!claimed && (before?.is_primary ?? false)),
    };
  });
  const primaries = plans.filter((p) => p.is_primary).length;
  if (primaries > 1) throw invalidValue('contact_persons', 'only one contact person can be primary');
  if (primaries === 0 && plans[0]) plans[0].is_primary = true;
  return plans;
}

/** What `search` matches: name, GSTIN and email, lower-cased. */
export function searchTextOf(c: { contact_name: string; display_name: string | null; company_name: string | null; gst_no: string | null; email: string | null }): string {
  return [c.contact_name, c.display_name, c.company_name, c.gst_no, c.email].filter(Boolean).join(' \u0001 ').toLowerCase();
}

/**
 * A contact's opening_balance is what its opening items add up to (docs/rules/opening-balances.md,
 * "A contact's opening balance"): it is read, not set. Sending the figure it already has changes
 * nothing; sending another is 400, pointing to POST /opening_balances.
 */
export function assertOpeningBalanceKept(sent: number | undefined, kept: number): void {
  if (sent === undefined || toPaise(sent) === kept) return;
  throw invalidValue('opening_balance', `opening_balance is what the contact's opening items add up to (${toRupees(kept)}): set them with POST /opening_balances`, {
    details: { opening_balance: toRupees(kept) },
  });
}
