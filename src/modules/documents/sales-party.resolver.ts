import type { Tx } from '../../db/database';
import { invalidValue, notFound, requiredField } from '../../kernel/errors';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { catalogRepository } from '../catalog';
import { contactsRepository } from '../contacts';
import { supplyTypeOf, type SupplyType } from './line-amounts.rules';

/** Who a sales document is for, which branch issues it, and where the supply takes place. */
export interface SalesParty {
  customerId: string;
  customerName: string;
  branchId: string;
  placeOfSupply: string;
  supply: SupplyType;
}

/** The series module's branch lookup: the named branch of this organisation, or its default one (404 otherwise). */
export type BranchOf = (tx: Tx, orgId: string, branchId: string | undefined) => Promise<string>;

/**
 * Resolves the party of an estimate or sales order. place_of_supply is optional on both
 * (spec, Place of supply): the one sent wins and must resolve (else 422); without one the
 * customer's place_of_contact is used, and a customer without one leaves nothing to
 * default from (400 required_field). A customer of another organisation is 404; a vendor
 * is not a customer (400).
 */
export async function resolveSalesParty(
  tx: Tx,
  orgId: string,
  input: { customer_id: string; place_of_supply?: string; branch_id?: string },
  branchOf: BranchOf,
): Promise<SalesParty> {
  const explicit = input.place_of_supply === undefined ? undefined : resolvePlaceOfSupply(input.place_of_supply);
  if (explicit === null) throw unresolvable('place_of_supply is not a recognised Indian state or union territory');
  const customer = await contactsRepository.find(tx, orgId, input.customer_id);
  if (!customer) throw notFound('customer', 'customer_id');
  if (customer.contact_type === 'VENDOR') throw invalidValue('customer_id', 'this contact is a vendor, not a customer');
  const placeOfSupply = explicit ?? defaultPlaceOfSupply(customer.place_of_contact);
  const branchId = await branchOf(tx, orgId, input.branch_id);
  const branch = (await catalogRepository.branch(tx, orgId, branchId))!;
  return {
    customerId: customer.contact_id, customerName: customer.contact_name, branchId, placeOfSupply,
    supply: supplyTypeOf(branch.state_code, placeOfSupply),
  };
}

function defaultPlaceOfSupply(placeOfContact: string | null): string {
  if (!placeOfContact) throw requiredField('place_of_supply', 'place_of_supply is required: the customer has no place_of_contact to default from');
  const resolved = resolvePlaceOfSupply(placeOfContact);
  if (resolved === null) throw unresolvable(`the customer's place_of_contact ${placeOfContact} is not a recognised state; send place_of_supply`);
  return resolved;
}

const unresolvable = (message: string) => invalidValue('place_of_supply', message, { status: 422 });
