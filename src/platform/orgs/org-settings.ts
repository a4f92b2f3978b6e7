import type { Db, Tx } from '../../db/database';
import { readPreferences, type Preferences } from './preferences';

/** What use cases read of their organisation: its preferences and base currency. */
export async function orgSettings(db: Db | Tx, orgId: string): Promise<{ prefs: Preferences; baseCurrency: string }> {
  const org = await db.selectFrom('orgs').select(['preferences', 'currency_code']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { prefs: readPreferences(org.preferences), baseCurrency: org.currency_code };
}
