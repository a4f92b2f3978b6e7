import type { Db, Tx } from '../../db/database';
import { readPreferences, type Preferences } from './preferences';
import { preparedQuery } from '../../db/prepared';

const settingsOf = preparedQuery((db, a: { orgId: string }) =>
  db.selectFrom('orgs').select(['name', 'preferences', 'currency_code']).where('org_id', '=', a.orgId));

/** What use cases read of their organisation: its name, preferences and base currency. */
export async function orgSettings(db: Db | Tx, orgId: string): Promise<{ name: string; prefs: Preferences; baseCurrency: string }> {
  const [org] = await settingsOf(db, { orgId });
  if (!org) throw new Error(`organisation ${orgId} does not exist`);
  return { name: org.name, prefs: readPreferences(org.preferences), baseCurrency: org.currency_code };
}
