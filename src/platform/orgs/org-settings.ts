import type { Db, Tx } from '../../db/database';
import { readPreferences, type Preferences } from './preferences';

/** What use cases read of their organisation: its name, preferences and base currency. */
export async function orgSettings(db: Db | Tx, orgId: string): Promise<{ name: string; prefs: Preferences; baseCurrency: string }> {
  const org = await db.selectFrom('orgs').select(['name', 'preferences', 'currency_code']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { name: org.name, prefs: readPreferences(org.preferences), baseCurrency: org.currency_code };
}
