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
