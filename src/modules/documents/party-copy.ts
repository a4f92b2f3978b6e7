import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { fromJson, jsonTextField, toJson } from '../../db/json';
import type { ContactsTable } from '../../db/schema';
import { notFound } from '../../kernel/errors';
import type { RecipientClass } from '../../kernel/gst/gstin';
import { contactsRepository } from '../contacts';
import type { Address } from '../contacts/contacts.rules';

/**
 * The party of a document as it was when the document was issued (docs/decisions.md, "The
 * party as it was"): copied from the contact onto the document's own `party` column (JSON
 * text) and read from there by everything that reports or renders the document, so correcting
 * a contact never rewrites a filed return, an e-invoice, an e-way bill or a PDF.
 */
export interface PartyCopy {
  gstin: string | null;
  /** The name GST documents print: the contact's legal name, else its company name, else its name. */
  legal_name: string;
  billing_address: Address | null;
  shipping_address: Address | null;
  /** Where the contact is (IN-KA, IN-96): its place_of_contact. */
  state_code: string | null;
  gst_treatment: string | null;
}

export type PartySource = Pick<ContactsTable,
  'contact_name' | 'legal_name' | 'company_name' | 'gst_no' | 'billing_address' | 'shipping_address' | 'place_of_contact' | 'gst_treatment'>;

/** The copy of a contact as it is now. */
export function partyCopyOf(contact: PartySource): PartyCopy {
  return {
    gstin: contact.gst_no,
    legal_name: contact.legal_name ?? contact.company_name ?? contact.contact_name,
    billing_address: fromJson<Address>(contact.billing_address),
    shipping_address: fromJson<Address>(contact.shipping_address),
    state_code: contact.place_of_contact,
    gst_treatment: contact.gst_treatment,
  };
}

/** The `party` column's text for a contact as it is now. */
export const storedPartyOf = (contact: PartySource): string => toJson(partyCopyOf(contact));

/** A document's stored party (null: an expense without a vendor). */
export const readPartyCopy = (stored: string | null): PartyCopy | null => fromJson<PartyCopy>(stored);

/** The `party` column's text for a document's contact as it is now: an approval, or an edit of a draft, takes it afresh. */
export async function freshPartyCopy(tx: Tx, orgId: string, contactId: string): Promise<string> {
  const contact = await contactsRepository.find(tx, orgId, contactId);
  // A document's contact cannot be deleted while the document names it (contacts.service.ts).
  if (!contact) throw notFound('contact', 'contact_id');
  return storedPartyOf(contact);
}

/**
 * SQL: how the returns class the recipient by the GSTIN the document keeps, as recipientClass
 * does in TypeScript (kernel/gst/gstin.ts): 'B2C' without one or with a non-resident's or OIDAR
 * provider's id (`R` or `S` in position 14), 'UIN' for a UIN holder (`N`), else 'B2B'.
 * `column` is e.g. `d.party`.
 */
export function partyRecipientSql(db: Db, column: string): RawBuilder<RecipientClass> {
  const mark = sql`substr(${jsonTextField(engineOf(db), column, 'gstin')}, 14, 1)`;
  return sql<RecipientClass>`CASE WHEN ${mark} IS NULL OR ${mark} IN ('R', 'S') THEN 'B2C' WHEN ${mark} = 'N' THEN 'UIN' ELSE 'B2B' END`;
}

/** SQL: 1 when the document's recipient is a B2B one in the returns (a UIN holder included), else 0. */
export const partyRegisteredSql = (db: Db, column: string): RawBuilder<number> =>
  sql<number>`CASE WHEN ${partyRecipientSql(db, column)} = 'B2C' THEN 0 ELSE 1 END`;
