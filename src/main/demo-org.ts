import type { Config } from '../config';
import type { App } from './compose';

/**
 * On an empty embedded database: a demo organisation, its owner and a full-access token, so a
 * newcomer can make a first request straight away. Returns the token to print once. Never on
 * PostgreSQL (a production database gets only what its operator makes), nor with BAHI_DEMO=0.
 */
export async function createDemoOrgIfEmpty(app: App, config: Pick<Config, 'databaseUrl' | 'demo'>): Promise<{ orgId: string; token: string } | null> {
  if (config.databaseUrl || !config.demo) return null;
  const anyOrg = await app.database.db.selectFrom('orgs').select('org_id').limit(1).executeTakeFirst();
  if (anyOrg) return null;
  const org = await app.orgs.createOrg({ name: 'Demo Traders', state_code: 'IN-KA', gstin: '29AABCD1234E1Z4' });
  const user = await app.orgs.createUser(org.org_id, { name: 'Demo Owner', email: 'owner@demo.invalid' });
  const token = await app.tokens.createToken({ org_ids: [org.org_id], user_id: user.user_id, scopes: ['Svc.fullaccess.all'] });
  return { orgId: org.org_id, token: token.access_token };
}

/** A first start's secrets, printed once: the generated admin token and the demo organisation's token. */
export async function announceFirstStart(app: App, config: Config): Promise<void> {
  const demo = await createDemoOrgIfEmpty(app, config);
  const banner: string[] = [];
  if (app.mintedAdminToken) banner.push(`Admin token (shown once; set BAHI_ADMIN_TOKEN to choose your own): ${app.mintedAdminToken}`);
  if (demo) banner.push(`Demo organisation ${demo.orgId}; full-access token (shown once): ${demo.token}`);
  if (banner.length > 0) process.stdout.write(`\n${banner.map((l) => `  ${l}`).join('\n')}\n\n`);
}
