import type { Tx } from '../../db/database';
import { invalidValue, notFound, requiredField } from '../../kernel/errors';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { EXPORT_PLACE_OF_SUPPLY } from '../../kernel/gst/states';
import { unrecognisedState } from '../../kernel/gst/unrecognised-state';
import { contactsRepository } from '../contacts';
import { storedPartyOf } from './party-copy';
import { ExportTypeNotApplicableError, routeSupply, supplierStateOf, type ExportType, type SupplyType } from './supply.rules';

/** Who a document is with, which branch records it, and where the supply takes place. */
export interface DocumentParty {
  contactId: string;
  contactName: string;
  /** Days: a document's due date defaults to its date plus these. */
  paymentTerms: number;
  branchId: string;
  /** The branch's state (IN-KA): where its GSTIN is registered. */
  branchState: string;
  placeOfSupply: string;
  supply: SupplyType;
  /** WOPAY: the lines bear no tax. */
  zeroRated: boolean;
  /** WPAY or WOPAY on an export or a supply to or from an SEZ, else null. */
  exportType: ExportType | null;
  /** The contact's gst_treatment when the document is made: the document keeps it. */
  gstTreatment: string | null;
  /** The contact's GSTIN: a supply to one is B2B (HSN digits, Notification 78/2020-CT). */
  contactGstin: string | null;
  /** The contact as the document keeps it: its `party` column's text (party-copy.ts). */
  partyCopy: string;
}

/** The series module's branch lookup: the named branch of this organisation, or its default one (404 otherwise). */
export type BranchOf = (tx: Tx, orgId: string, branchId: string | undefined) => Promise<{ branch_id: string; state_code: string; gstin: string | null }>;

/**
 * Resolves the party of a document. Without a place_of_supply, a purchase is received where
 * the branch is (the recipient's location, IGST Act s.10(1)(a), s.12(2)(a)); an OVERSEAS
 * customer's supply is an export (96); any other customer's place_of_contact is used, and one
 * without leaves nothing to default from (400 required_field). One that is sent must resolve
 * (else 422). The tax follows routeSupply with the supplier's state (supplierStateOf) and the contact's
 * gst_treatment; export_type on a supply that is not zero-rated is 400. A contact of another
 * organisation is 404; a contact on the wrong side (a vendor as customer, a customer as vendor) is 400.
 */
export async function resolveParty(
  tx: Tx,
  orgId: string,
  role: 'customer' | 'vendor',
  input: { contact_id: string; place_of_supply?: string; branch_id?: string; export_type?: ExportType | null },
  branchOf: BranchOf,
): Promise<DocumentParty> {
  const field = `${role}_id`;
  const explicit = input.place_of_supply === undefined ? undefined : resolvePlaceOfSupply(input.place_of_supply);
  if (explicit === null) throw unrecognisedState('place_of_supply', input.place_of_supply!);
  const contact = await contactsRepository.find(tx, orgId, input.contact_id);
  if (!contact) throw notFound(role, field);
  const wrongSide = role === 'customer' ? 'VENDOR' : 'CUSTOMER';
  if (contact.contact_type === wrongSide) throw invalidValue(field, `this contact is a ${wrongSide.toLowerCase()}, not a ${role}`);
  const branch = await branchOf(tx, orgId, input.branch_id);
  const placeOfSupply = explicit ?? (role === 'vendor' ? branch.state_code
    : contact.gst_treatment === 'OVERSEAS' ? EXPORT_PLACE_OF_SUPPLY : defaultPlaceOfSupply(contact.place_of_contact, role));
  let routing;
  try {
    routing = routeSupply({
      supplierState: supplierStateOf(role === 'customer' ? 'sales' : 'purchase', { gstin: branch.gstin, state: branch.state_code }, { gstin: contact.gst_no, state: contact.place_of_contact }),
      placeOfSupply, counterpartyTreatment: contact.gst_treatment, exportType: input.export_type ?? null,
    });
  } catch (error) {
    if (error instanceof ExportTypeNotApplicableError) throw invalidValue(error.field, error.message);
    throw error;
  }
  return {
    contactId: contact.contact_id, contactName: contact.contact_name, paymentTerms: contact.payment_terms, branchId: branch.branch_id, branchState: branch.state_code, placeOfSupply,
    ...routing, gstTreatment: contact.gst_treatment, contactGstin: contact.gst_no, partyCopy: storedPartyOf(contact),
  };
}

function defaultPlaceOfSupply(placeOfContact: string | null, role: 'customer'): string {
  if (!placeOfContact) throw requiredField('place_of_supply', `place_of_supply is required: the ${role} has no place_of_contact to default from`);
  const resolved = resolvePlaceOfSupply(placeOfContact);
  if (resolved === null) throw unresolvable(`the ${role}'s place_of_contact ${placeOfContact} is not a recognised state; send place_of_supply`);
  return resolved;
}

const unresolvable = (message: string) => invalidValue('place_of_supply', message, { status: 422 });
