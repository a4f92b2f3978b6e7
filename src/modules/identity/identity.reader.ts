import type { Db } from '../../db/database';

/**
 * The organisations a token reaches (its org_ids), by name, with their period lock, each marked
 * whether it is the one this request acts in. Read from the token's row, as authentication read it for this request.
 */
export async function organisationsOfToken(db: Db, tokenId: string, currentOrgId: string) {
  const token = await db.selectFrom('api_tokens').select('org_ids').where('token_id', '=', tokenId).executeTakeFirst();
  const orgIds = token ? (JSON.parse(token.org_ids) as string[]) : [];
  if (orgIds.length === 0) return [];
  const orgs = await db.selectFrom('orgs as o')
    .leftJoin('period_locks as l', 'l.org_id', 'o.org_id')
    .select(['o.org_id', 'o.name', 'o.gstin', 'o.state_code', 'l.lock_date'])
    .where('o.org_id', 'in', orgIds)
    .orderBy('o.name').orderBy('o.org_id').execute();
  return orgs.map((o) => ({
    org_id: o.org_id, name: o.name, gstin: o.gstin, state_code: o.state_code, lock_date: o.lock_date ?? null, is_current: o.org_id === currentOrgId,
  }));
}
