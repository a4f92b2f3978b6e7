import type { Db, Tx } from '../../db/database';
import { invalidValue, notFound, requiredField } from '../../kernel/errors';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { unrecognisedState } from '../../kernel/gst/unrecognised-state';
import type { BranchesTable } from '../../db/schema';
import { contactsRepository } from '../contacts';
import { readPartyCopy, storedPartyOf } from '../documents';
import type { ChallanParty } from './delivery-challans.presenter';
import type { ChallanReason } from './delivery-challans.rules';
import type { DeliveryChallanRow } from './delivery-challans.repository';

/** Who receives the goods of a challan and where they go. */
export interface Consignee {
  contactId: string | null;
  contactName: string | null;
  /** The contact as issued (party-copy.ts); null for a branch. */
  party: string | null;
  toBranchId: string | null;
  /** IN-KA: the consignee's state, where the goods go. */
  placeOfSupply: string;
  gstTreatment: string | null;
}

type Branch = Pick<BranchesTable, 'branch_id' | 'state_code' | 'gstin'>;
const findBranch = (db: Db | Tx, orgId: string, branchId: string) =>
  db.selectFrom('branches').selectAll().where('org_id', '=', orgId).where('branch_id', '=', branchId).executeTakeFirst();
const orgOf = (db: Db | Tx, orgId: string) => db.selectFrom('orgs').select(['name', 'gstin']).where('org_id', '=', orgId).executeTakeFirstOrThrow();

/**
 * The consignee of a new challan: a contact of this organisation (404 otherwise), going to the
 * place_of_supply sent or else its place_of_contact; or, for goods moved for own use, a branch of
 * the same GSTIN. A branch of another GSTIN is another taxable person (s.25(4)): moving goods to it is a
 * supply (Schedule I para 2), made on an invoice to it as a contact, so a challan to it is 400.
 */
export async function consigneeOf(tx: Tx, orgId: string, input: { reason: ChallanReason; contact_id?: string; to_branch_id?: string; place_of_supply?: string }, from: Branch): Promise<Consignee> {
  if (input.to_branch_id !== undefined) {
    if (input.contact_id !== undefined) throw invalidValue('to_branch_id', 'send contact_id (the consignee) or to_branch_id (a branch of the same GSTIN), not both');
    if (input.reason !== 'OWN_USE') throw invalidValue('reason', 'goods moved to a branch of the same GSTIN move for own use: reason OWN_USE');
    const to = await findBranch(tx, orgId, input.to_branch_id);
    if (!to) throw notFound('branch', 'to_branch_id');
    if (to.branch_id === from.branch_id) throw invalidValue('to_branch_id', 'to_branch_id is the branch the goods leave from');
    const org = await orgOf(tx, orgId);
    if ((to.gstin ?? org.gstin) !== (from.gstin ?? org.gstin)) {
      throw invalidValue('to_branch_id', 'that branch has another GSTIN: moving goods to it is a supply (CGST s.25(4), Schedule I para 2), made on an invoice to it as a contact, not on a challan');
    }
    return { contactId: null, contactName: null, party: null, toBranchId: to.branch_id, placeOfSupply: to.state_code, gstTreatment: null };
  }
  if (input.contact_id === undefined) throw requiredField('contact_id', 'contact_id (the consignee) is required, unless to_branch_id names a branch of the same GSTIN');
  const contact = await contactsRepository.find(tx, orgId, input.contact_id);
  if (!contact) throw notFound('contact', 'contact_id');
  const given = input.place_of_supply ?? contact.place_of_contact;
  if (given === null) throw requiredField('place_of_supply', 'place_of_supply is required: the consignee has no place_of_contact to default from');
  const placeOfSupply = resolvePlaceOfSupply(given);
  if (placeOfSupply === null) throw unrecognisedState('place_of_supply', given);
  return { contactId: contact.contact_id, contactName: contact.contact_name, party: storedPartyOf(contact), toBranchId: null, placeOfSupply, gstTreatment: contact.gst_treatment };
}

const branchParty = (name: string, b: BranchesTable, orgGstin: string | null): ChallanParty => ({
  name, gstin: b.gstin ?? orgGstin, address: { address: b.address, city: b.city, state_code: b.state_code, zip: b.zip, country: b.country },
});

/**
 * Rule 55(1)(b): the consignor (the organisation at its branch) and the consignee (the contact as
 * issued, or the receiving branch) of the organisation's challans, from one read of its branches.
 */
export async function challanPartiesReader(db: Db | Tx, orgId: string) {
  const [org, branches] = await Promise.all([orgOf(db, orgId), db.selectFrom('branches').selectAll().where('org_id', '=', orgId).execute()]);
  const byId = new Map(branches.map((b) => [b.branch_id, b]));
  return (c: Pick<DeliveryChallanRow, 'branch_id' | 'to_branch_id' | 'contact_name' | 'party'>) => {
    const to = c.to_branch_id === null ? undefined : byId.get(c.to_branch_id);
    const kept = readPartyCopy(c.party);
    const consignee: ChallanParty = to ? branchParty(`${org.name} (${to.name})`, to, org.gstin)
      : { name: kept?.legal_name ?? c.contact_name ?? '', gstin: kept?.gstin ?? null, address: kept?.billing_address ?? null };
    return { consignor: branchParty(org.name, byId.get(c.branch_id)!, org.gstin), consignee };
  };
}
