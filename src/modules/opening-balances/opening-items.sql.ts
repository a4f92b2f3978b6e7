import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';

/**
 * The one test every report over invoices and bills applies (docs/rules/opening-balances.md,
 * "Open items are not reported"): the document is not an opening item. An opening item was
 * reported, and taxed, in the books it came from; here it is only what is still owed.
 * `org` and `id` name the document's columns (e.g. `d.org_id`, `d.invoice_id`).
 */
export const notOpeningItem = (org: string, id: string): RawBuilder<boolean> => sql<boolean>`not ${openingItem(org, id)}`;

/** The mirror, as a column: whether the document is an opening item (1 or true), which `ledger verify` expects to post nothing of its own. */
export const openingItem = (org: string, id: string): RawBuilder<boolean> =>
  sql<boolean>`exists (select 1 from opening_items as oi where oi.org_id = ${sql.ref(org)} and oi.document_id = ${sql.ref(id)})`;

/** Whether a document is an opening item: it has no e-invoice or e-way bill of its own here. */
export async function isOpeningItem(db: Db | Tx, orgId: string, documentId: string): Promise<boolean> {
  const row = await db.selectFrom('opening_items').select('document_id').where('org_id', '=', orgId).where('document_id', '=', documentId).executeTakeFirst();
  return row !== undefined;
}
