import type { App } from './compose';

/**
 * On an empty database: a demo organisation, its owner and a full-access token, so a
 * newcomer can make a first request straight away. Returns the token to print once.
 */
export async function createDemoOrgIfEmpty(app: App): Promise<{ orgId: string; token: string } | null> {
  const anyOrg = await app.database.db.selectFrom('orgs').select('org_id').limit(1).executeTakeFirst();
  if (anyOrg) return null;
  const org = await app.orgs.createOrg({ name: 'Demo Traders', state_code: 'IN-KA', gstin: '29AABCD1234E1Z4' });
  const user = await app.orgs.createUser(org.org_id, { name: 'Demo Owner', email: 'owner@demo.invalid' });
  const token = await app.tokens.createToken({ org_ids: [org.org_id], user_id: user.user_id, scopes: ['Svc.fullaccess.all'] });
  return { orgId: org.org_id, token: token.access_token };
}
