import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import { escapeLike } from '../../db/text-search';
import type { ContactPersonsTable, ContactsTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';
import { preparedQuery } from '../../db/prepared';

type ContactKey = { orgId: string; contactId: string };
const contactById = preparedQuery((db, a: ContactKey) =>
  db.selectFrom('contacts').selectAll().where('org_id', '=', a.orgId).where('contact_id', '=', a.contactId));
const contactForUpdate = preparedQuery((db, a: ContactKey) => {
  const query = db.selectFrom('contacts').selectAll().where('org_id', '=', a.orgId).where('contact_id', '=', a.contactId);
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
});

export type ContactRow = ContactsTable;
export type ContactPersonRow = ContactPersonsTable;

export interface ContactFilter {
  contactType?: string;
  status?: string;
  search?: string;
}

/** search_text is lower-cased as stored (contacts.rules.ts searchTextOf): so is the term. `%` and `_` in it are literal. */
const likePattern = (term: string) => `%${escapeLike(term.toLowerCase())}%`;

export const contactsRepository = {
  async find(db: Db | Tx, orgId: string, contactId: string, options: { forUpdate?: boolean } = {}): Promise<ContactRow | undefined> {
    const [row] = await (options.forUpdate ? contactForUpdate : contactById)(db, { orgId, contactId });
    return row;
  },

  /** What a contact inherits from its organisation when the caller leaves it out. */
  orgDefaults(db: Db | Tx, orgId: string): Promise<{ currency_code: string; state_code: string }> {
    return db.selectFrom('orgs').select(['currency_code', 'state_code']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  },

  persons(db: Db | Tx, orgId: string, contactIds: readonly string[]): Promise<ContactPersonRow[]> {
    if (contactIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('contact_persons').selectAll().where('org_id', '=', orgId)
      .where('contact_id', 'in', contactIds).orderBy('position').execute();
  },

  /** Newest first; keyset on contact_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: ContactFilter, after: CursorPosition | null, limit: number): Promise<ContactRow[]> {
    let query = db.selectFrom('contacts').selectAll().where('org_id', '=', orgId);
    if (filter.contactType) query = query.where('contact_type', '=', filter.contactType);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.search) query = query.where(sql<boolean>`search_text LIKE ${likePattern(filter.search)} ESCAPE '\\'`);
    if (after) query = query.where('contact_id', '<', String(after[0]));
    return query.orderBy('contact_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, row: ContactRow): Promise<void> {
    await insertRows(tx, 'contacts', [row]);
  },

  async update(tx: Tx, orgId: string, contactId: string, changes: Partial<ContactRow>): Promise<void> {
    await tx.updateTable('contacts').set(changes).where('org_id', '=', orgId).where('contact_id', '=', contactId).execute();
  },

  async replacePersons(tx: Tx, orgId: string, contactId: string, persons: ContactPersonRow[]): Promise<void> {
    await tx.deleteFrom('contact_persons').where('org_id', '=', orgId).where('contact_id', '=', contactId).execute();
    if (persons.length > 0) await insertRows(tx, 'contact_persons', persons);
  },

  async delete(tx: Tx, orgId: string, contactId: string): Promise<void> {
    await tx.deleteFrom('contact_persons').where('org_id', '=', orgId).where('contact_id', '=', contactId).execute();
    await tx.deleteFrom('contacts').where('org_id', '=', orgId).where('contact_id', '=', contactId).execute();
  },
};
