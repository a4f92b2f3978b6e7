import type { Database } from '../../db/database';
import { toJson } from '../../db/json';
import type { Clock } from '../../kernel/clock';
import { DomainError, invalidValue, notFound } from '../../kernel/errors';
import type { IdGenerator } from '../../kernel/ids';
import { groupedByKey } from '../../kernel/grouped-calls';
import { isoTimestamp } from '../../kernel/local-date';
import { isKnownScope } from './scopes';
import { hashSecret, mintSecret } from './token-secrets';
import { preparedQuery } from '../../db/prepared';

const tokenByHash = preparedQuery((db, a: { hash: string }) => db.selectFrom('api_tokens').selectAll().where('token_hash', '=', a.hash));

export type TokenKind = 'PAT' | 'OAUTH';

export interface CreateTokenInput {
  org_ids: string[];
  user_id?: string | null;
  scopes: string[];
  kind?: TokenKind;
  expires_at?: string | null;
  tier?: string;
  rate_limit_per_minute?: number;
}

/** The authenticated caller behind a bearer token. */
export interface Principal {
  tokenId: string;
  userId: string | null;
  orgIds: readonly string[];
  scopes: readonly string[];
  tier: string;
  kind: TokenKind;
  rateLimitPerMinute: number;
}

const tokenInvalid = () => new DomainError('authn.token_invalid', 'The access token is missing, expired, revoked or unknown');

interface TokenRow {
  token_id: string; kind: string; user_id: string | null; org_ids: string; scopes: string; tier: string;
  rate_limit_per_minute: number; expires_at: string | null; revoked_at: string | null;
}

/** A token as the admin API shows it: never its secret or hash. */
export function presentToken(row: TokenRow) {
  return {
    token_id: row.token_id,
    org_ids: JSON.parse(row.org_ids) as string[],
    user_id: row.user_id,
    scopes: JSON.parse(row.scopes) as string[],
    kind: row.kind,
    tier: row.tier,
    rate_limit_per_minute: row.rate_limit_per_minute,
    expires_at: row.expires_at ? isoTimestamp(new Date(row.expires_at)) : null,
    revoked_at: row.revoked_at ? isoTimestamp(new Date(row.revoked_at)) : null,
  };
}

/** A token is refused from its expiry on (ISO times, so they compare as strings); one without expiry never expires. */
const hasExpired = (expiresAt: string | null, nowIso: string) => expiresAt !== null && expiresAt <= nowIso;

export function tokensService(deps: { database: Database; clock: Clock; ids: IdGenerator }) {
  const { database, clock, ids } = deps;
  // Every request reads its token, so a revocation holds from the next request on. Requests
  // with one token that arrive while its row is being read wait and share the next read (which
  // starts after they arrived): one round trip for each batch of a busy integration's requests.
  const tokenRow = groupedByKey<string, TokenRow | undefined>(async (hash, batch) => {
    const [row] = await tokenByHash(database.db, { hash });
    return batch.map(() => row);
  });
  return {
    /** Mints a token; the secret is returned here and never again. */
    async createToken(input: CreateTokenInput) {
      const unknownScope = input.scopes.find((s) => !isKnownScope(s));
      if (unknownScope) throw invalidValue('scopes', `unknown scope ${unknownScope}`);
      const kind = input.kind ?? 'PAT';
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && Number.isNaN(expiresAt.getTime())) throw invalidValue('expires_at', 'expires_at is not a date-time');
      const secret = mintSecret(kind === 'PAT' ? 'pat' : 'oauth');
      return database.transaction(async (tx) => {
        const orgIds = [...new Set(input.org_ids)];
        const found = await tx.selectFrom('orgs').select('org_id').where('org_id', 'in', orgIds).execute();
        if (found.length !== orgIds.length) throw notFound('organisation', 'org_ids');
        const userId = input.user_id ?? null;
        if (userId) {
          const user = await tx.selectFrom('users').select('org_id').where('user_id', '=', userId).executeTakeFirst();
          if (!user || !orgIds.includes(user.org_id)) throw notFound('user', 'user_id');
        }
        const row = {
          token_id: ids.next('tok'), token_hash: hashSecret(secret), kind, user_id: userId,
          org_ids: toJson(orgIds), scopes: toJson([...new Set(input.scopes)]), tier: input.tier ?? 'DEFAULT',
          rate_limit_per_minute: input.rate_limit_per_minute ?? 1000,
          expires_at: expiresAt?.toISOString() ?? null, revoked_at: null, created_time: clock.now().toISOString(),
        };
        await tx.insertInto('api_tokens').values(row).execute();
        return { ...presentToken(row), access_token: secret };
      });
    },

    async revokeToken(tokenId: string) {
      const revoked = await database.transaction(async (tx) => {
        const row = await tx.selectFrom('api_tokens').selectAll().where('token_id', '=', tokenId).executeTakeFirst();
        if (!row) throw notFound('token');
        const revokedAt = row.revoked_at ?? clock.now().toISOString();
        await tx.updateTable('api_tokens').set({ revoked_at: revokedAt }).where('token_id', '=', tokenId).execute();
        return presentToken({ ...row, revoked_at: revokedAt });
      });
      return revoked;
    },

    /** Bearer secret → principal, or 401 authn.token_invalid. */
    async authenticate(secret: string): Promise<Principal> {
      const hash = hashSecret(secret);
      const row = await tokenRow(hash, hash);
      if (!row || row.revoked_at !== null || hasExpired(row.expires_at, clock.now().toISOString())) throw tokenInvalid();
      const principal: Principal = {
        tokenId: row.token_id,
        userId: row.user_id,
        // Frozen: the one principal serves every request with this token until it is read again.
        orgIds: Object.freeze(JSON.parse(row.org_ids) as string[]),
        scopes: Object.freeze(JSON.parse(row.scopes) as string[]),
        tier: row.tier,
        kind: row.kind as TokenKind,
        rateLimitPerMinute: row.rate_limit_per_minute,
      };
      return principal;
    },
  };
}

export type TokensService = ReturnType<typeof tokensService>;
