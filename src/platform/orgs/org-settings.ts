import type { Db, Tx } from '../../db/database';
import { readPreferences, type Preferences } from './preferences';
import { orgReading } from './org-reading';

/** What use cases read of their organisation: its name, preferences and base currency. */
export async function orgSettings(db: Db | Tx, orgId: string): Promise<{ name: string; prefs: Preferences; baseCurrency: string }> {
  const org = await orgReading(db, orgId);
  return { name: org.name, prefs: readPreferences(org.preferences), baseCurrency: org.currency_code };
}
