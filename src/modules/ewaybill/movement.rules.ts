import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import type { Address } from '../contacts/contacts.rules';

/*
 * Where the goods of an e-way bill actually move (docs/rules/einvoice-ewaybill.md, "Bill to, ship to"):
 * NIC bills the supplier and the recipient at their own addresses and moves the goods between
 * the dispatch and the delivery place, which may be other addresses.
 */

/** A place goods leave from or arrive at; `stcd` is its 2-digit GST state code. */
export interface Place { address: string | null; city: string | null; zip: string | null; stcd: string | null }

const FIELDS = ['address', 'city', 'state_code', 'zip', 'country'] as const;
const text = (v: string | null) => (v ?? '').trim().toUpperCase();
const isEmpty = (a: Address) => FIELDS.every((f) => text(a[f]) === '');
const sameAddress = (a: Address, b: Address | null) => b !== null && FIELDS.every((f) => text(a[f]) === text(b[f]));

/**
 * The contact's goods address when it is not its billing address: the shipping address the
 * document keeps, else null (the goods move at the billing address).
 */
export function otherGoodsPlace(party: { billing_address: Address | null; shipping_address: Address | null } | null): Place | null {
  const ship = party?.shipping_address ?? null;
  if (ship === null || isEmpty(ship) || sameAddress(ship, party?.billing_address ?? null)) return null;
  return placeOf(ship);
}

/** An address as a place goods move from or to; null when it names nothing. */
export function placeOf(a: Address | null): Place | null {
  if (a === null || isEmpty(a)) return null;
  return { address: a.address, city: a.city, zip: a.zip, stcd: a.state_code === null ? null : stateCodeOfIso(a.state_code) };
}

/** NIC's transaction type: 1 regular, 2 bill to – ship to, 3 bill from – dispatch from, 4 both. */
export const transactionTypeOf = (shippedElsewhere: boolean, dispatchedElsewhere: boolean): 1 | 2 | 3 | 4 =>
  shippedElsewhere ? (dispatchedElsewhere ? 4 : 2) : (dispatchedElsewhere ? 3 : 1);
