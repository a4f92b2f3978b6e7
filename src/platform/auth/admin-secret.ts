import type { Database } from '../../db/database';
import { hashSecret, mintSecret, sameHash } from './token-secrets';

const SETTING = 'admin_token_hash';

/**
 * The operator credential. BAHI_ADMIN_TOKEN wins when set; otherwise one is generated on
 * first start, stored hashed, and handed back once so main/ can print it.
 */
export async function establishAdminSecret(database: Database, configured: string | undefined) {
  if (configured) return { verify: (presented: string) => sameHash(hashSecret(presented), hashSecret(configured)), minted: null };
  let minted: string | null = null;
  let stored = await database.db.selectFrom('system_settings').select('value').where('key', '=', SETTING).executeTakeFirst();
  if (!stored) {
    minted = mintSecret('admin');
    const value = hashSecret(minted);
    await database.transaction((tx) =>
      tx.insertInto('system_settings').values({ key: SETTING, value }).onConflict((oc) => oc.doNothing()).execute());
    stored = await database.db.selectFrom('system_settings').select('value').where('key', '=', SETTING).executeTakeFirstOrThrow();
    if (stored.value !== value) minted = null; // another process won the race; its secret stands
  }
  const hash = stored.value;
  return { verify: (presented: string) => sameHash(hashSecret(presented), hash), minted };
}

/** A server secret for signing cursors and URLs, generated once and kept in the database. */
export async function establishServerSecret(database: Database, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const existing = await database.db.selectFrom('system_settings').select('value').where('key', '=', 'server_secret').executeTakeFirst();
  if (existing) return existing.value;
  const fresh = mintSecret('admin').slice('bahi_adm_'.length);
  await database.transaction((tx) =>
    tx.insertInto('system_settings').values({ key: 'server_secret', value: fresh }).onConflict((oc) => oc.doNothing()).execute());
  const row = await database.db.selectFrom('system_settings').select('value').where('key', '=', 'server_secret').executeTakeFirstOrThrow();
  return row.value;
}
