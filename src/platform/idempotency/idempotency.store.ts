import { sql } from 'kysely';
import type { Database, Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { preparedQuery } from '../../db/prepared';
import type { IdempotencyKeysTable } from '../../db/schema';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/errors';
import { jsonTextOf } from '../../kernel/json-text';
import { isSealed, type SecretBox } from '../../kernel/secret-box';
import type { SealedValues } from '../secrets/sealed-values';
import { IdempotentReplay, type IdempotencyRequest, type StoredResponse } from './idempotency.types';

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_:-]{1,200}$';

export interface IdempotencyStore {
  /** Inside the use case's transaction, before any write: replays or lets it run. */
  claim(tx: Tx, request: IdempotencyRequest): Promise<void>;
  /** Outside any transaction, before the work: a cheap early replay. The claim stays the guarantee. */
  check(request: IdempotencyRequest): Promise<void>;
  /** Inside the same transaction, after the writes: stores the answer with them. */
  complete(tx: Tx, request: IdempotencyRequest, response: StoredResponse): Promise<void>;
  /** After a refused (4xx) call rolled back: records the refusal so a retry gets the same answer. */
  recordRefusal(request: IdempotencyRequest, response: StoredResponse): Promise<void>;
  /** Keys that are being worked on in this process (SQLite serialises writers, so this is how a twin is spotted). */
  enter(request: IdempotencyRequest): () => void;
  purgeExpired(): Promise<number>;
}

type StoredKey = Pick<IdempotencyKeysTable, 'subject' | 'org_id' | 'idem_key' | 'method' | 'path'>;

const findAnswer = preparedQuery((db, k: StoredKey) =>
  db.selectFrom('idempotency_keys').select(['status_code', 'response_body', 'created_at'])
    .where('subject', '=', k.subject).where('org_id', '=', k.org_id).where('idem_key', '=', k.idem_key)
    .where('method', '=', k.method).where('path', '=', k.path));

// A twin whose body failed validation may have stored its refusal while this request ran; the
// key belongs to the request that did the work, so its answer replaces the refusal.
const storeAnswer = preparedQuery((db, row: IdempotencyKeysTable) =>
  db.insertInto('idempotency_keys').values({
    subject: row.subject, org_id: row.org_id, idem_key: row.idem_key, method: row.method, path: row.path,
    status_code: row.status_code, response_body: row.response_body, created_at: row.created_at,
  }).onConflict((oc) => oc.columns(['subject', 'org_id', 'idem_key', 'method', 'path'])
    .doUpdateSet({ status_code: row.status_code, response_body: row.response_body, created_at: row.created_at })),
  { batchable: true });

/**
 * What a sealed answer is bound to: its key, so it opens for the caller that made it, on the
 * route it came from, and no other row.
 */
const answerBinding = (k: StoredKey) => JSON.stringify([k.subject, k.org_id, k.idem_key, k.method, k.path]);

/** Stored answers sealed because they show a secret (`sealAnswer` routes): re-sealed when the server secret changes. */
export const sealedAnswers: SealedValues = {
  name: 'idempotent_answers',
  purpose: 'idempotency-answers',
  async read(tx) {
    const rows = await tx.selectFrom('idempotency_keys').select(['subject', 'org_id', 'idem_key', 'method', 'path', 'response_body'])
      .where('response_body', 'like', 'v1.%').execute();
    return rows.filter((row) => isSealed(row.response_body)).map((row) => ({
      sealed: row.response_body,
      boundTo: answerBinding(row),
      replace: async (sealed: string) => {
        await tx.updateTable('idempotency_keys').set({ response_body: sealed }).where('subject', '=', row.subject).where('org_id', '=', row.org_id)
          .where('idem_key', '=', row.idem_key).where('method', '=', row.method).where('path', '=', row.path).execute();
      },
    }));
  },
};

/** `answers` seals the stored answers of requests marked `sealAnswer` (the answer shows a secret). */
export function idempotencyStore(database: Database, clock: Clock, answers: SecretBox): IdempotencyStore {
  const inFlight = new Set<string>();
  const tupleOf = (r: IdempotencyRequest) => [r.subject, r.orgId, r.key, r.method, r.path];
  const flightKey = (r: IdempotencyRequest) => tupleOf(r).join('\u0000');
  // PostgreSQL text cannot hold NUL, so the advisory-lock key is the same tuple as JSON.
  const lockKey = (r: IdempotencyRequest) => JSON.stringify(tupleOf(r));
  const cutoff = () => new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const inProgress = () =>
    new DomainError('idempotency.in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');

  const keyOf = (r: IdempotencyRequest): StoredKey => ({ subject: r.subject, org_id: r.orgId, idem_key: r.key, method: r.method, path: r.path });

  /** Replays when the key was answered within the retention, whatever body came with it; says whether an expired record lingers. */
  async function judge(executor: Db | Tx, request: IdempotencyRequest): Promise<'fresh' | 'expired'> {
    const [existing] = await findAnswer(executor, keyOf(request));
    if (!existing) return 'fresh';
    if (existing.created_at <= cutoff()) return 'expired';
    const text = isSealed(existing.response_body) ? answers.open(existing.response_body, answerBinding(keyOf(request))) : existing.response_body;
    throw new IdempotentReplay({ status: existing.status_code, body: JSON.parse(text) });
  }

  const rowOf = (r: IdempotencyRequest, response: StoredResponse): IdempotencyKeysTable => {
    const text = jsonTextOf(response.body) ?? 'null';
    return {
      ...keyOf(r), status_code: response.status, created_at: clock.now().toISOString(),
      response_body: r.sealAnswer ? answers.seal(text, answerBinding(keyOf(r))) : text,
    };
  };

  return {
    enter(request) {
      const key = flightKey(request);
      if (inFlight.has(key)) throw inProgress();
      inFlight.add(key);
      return () => inFlight.delete(key);
    },

    async claim(tx, request) {
      if (engineOf(tx) === 'postgres') {
        // Another process may hold the same key: the transaction-scoped advisory lock says so at once.
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_xact_lock(hashtextextended(${lockKey(request)}, 0)) AS locked`.execute(tx);
        if (!rows[0]?.locked) throw inProgress();
      }
      if ((await judge(tx, request)) === 'expired') {
        const k = keyOf(request);
        await tx.deleteFrom('idempotency_keys').where('subject', '=', k.subject).where('org_id', '=', k.org_id)
          .where('idem_key', '=', k.idem_key).where('method', '=', k.method).where('path', '=', k.path).execute();
      }
    },

    async check(request) {
      await judge(database.db, request);
    },

    async complete(tx, request, response) {
      await storeAnswer(tx, rowOf(request, response));
    },

    async recordRefusal(request, response) {
      const row = rowOf(request, response);
      // A live answer stays (the work's own answer wins over a twin's refusal); an expired one is replaced, as the key is free again.
      await database.transaction((tx) =>
        tx.insertInto('idempotency_keys').values(row).onConflict((oc) => oc.columns(['subject', 'org_id', 'idem_key', 'method', 'path'])
          .doUpdateSet({ status_code: row.status_code, response_body: row.response_body, created_at: row.created_at })
          .where('idempotency_keys.created_at', '<=', cutoff())).execute());
    },

    async purgeExpired() {
      const result = await database.transaction((tx) =>
        tx.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff()).executeTakeFirst());
      return Number(result.numDeletedRows);
    },
  };
}
