import { invalidValue } from '../../kernel/errors';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';

/** A branch's postal address as given: address lines alone (a string), or the fields of a contact's address. */
export type BranchAddressInput = string | {
  address?: string | null; city?: string | null; state_code?: string | null; zip?: string | null; country?: string | null;
} | null | undefined;

export interface BranchAddressColumns { address: string | null; city: string | null; zip: string | null; country: string | null }

/**
 * The columns a branch stores its address in. The address's state is the branch's own
 * (its GST registration's state, which e-invoices print as the seller's `Stcd`), so a
 * state_code naming another state is refused rather than stored beside it.
 */
export function branchAddressColumns(input: BranchAddressInput, branchState: string, field = 'address'): BranchAddressColumns {
  if (input === null || input === undefined) return { address: null, city: null, zip: null, country: null };
  if (typeof input === 'string') return { address: input, city: null, zip: null, country: null };
  if (input.state_code != null && resolvePlaceOfSupply(input.state_code) !== branchState) {
    throw invalidValue(`${field}.state_code`, `${field}.state_code must be the branch's state (${branchState})`);
  }
  return { address: input.address ?? null, city: input.city ?? null, zip: input.zip ?? null, country: input.country ?? null };
}

/** The address a branch shows, shaped like a contact's billing_address; null when it has none. */
export function presentBranchAddress(row: BranchAddressColumns & { state_code: string }) {
  if (row.address === null && row.city === null && row.zip === null && row.country === null) return null;
  return { address: row.address, city: row.city, state_code: row.state_code, zip: row.zip, country: row.country };
}
