import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { escapeLike } from '../../db/text-search';
import type { CursorPosition } from '../../kernel/cursor';

/** The operator's reads: every organisation, an organisation's users, the tokens. Oldest id first. */
export const adminListsRepository = {
  listOrgs(db: Db, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('orgs').selectAll();
    if (after) query = query.where('org_id', '>', String(after[0]));
    return query.orderBy('org_id').limit(limit + 1).execute();
  },

  orgExists: async (db: Db, orgId: string) =>
    (await db.selectFrom('orgs').select('org_id').where('org_id', '=', orgId).executeTakeFirst()) !== undefined,

  listUsers(db: Db, orgId: string, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('users').select(['user_id', 'name', 'email']).where('org_id', '=', orgId);
    if (after) query = query.where('user_id', '>', String(after[0]));
    return query.orderBy('user_id').limit(limit + 1).execute();
  },

  /** Never selects token_hash: nothing secret leaves this query. */
  listTokens(db: Db, orgId: string | undefined, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('api_tokens')
      .select(['token_id', 'kind', 'user_id', 'org_ids', 'scopes', 'tier', 'rate_limit_per_minute', 'expires_at', 'revoked_at']);
    // org_ids is a JSON array in a text column on both engines; a quoted id inside it is that org (escaped: org ids carry `_`).
    if (orgId !== undefined) query = query.where(sql<boolean>`org_ids like ${`%${escapeLike(JSON.stringify(orgId))}%`} escape '\\'`);
    if (after) query = query.where('token_id', '>', String(after[0]));
    return query.orderBy('token_id').limit(limit + 1).execute();
  },
};
