import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { preparedQuery } from '../../db/prepared';
import type { IdempotencyKeysTable } from '../../db/schema';
import type { Clock } from '../../kernel/clock';
import { DomainError } from '../../kernel/errors';
import { jsonTextOf } from '../../kernel/json-text';
import { IdempotentReplay, type IdempotencyRequest, type StoredResponse } from './idempotency.types';

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
export const IDEMPOTENCY_KEY_PATTERN = '^[A-Za-z0-9_:-]{1,200}$';

/** A value still to write, or literal text (brackets, commas, keys) to emit as is. */
type Pending = { value: unknown } | string;

/**
 * Canonical JSON (sorted keys) so that key order does not make two equal bodies differ.
 * An explicit stack, not recursion: a hostile body may nest tens of thousands deep, which
 * JSON.parse accepts but a recursive walk would answer with a stack overflow (a 500).
 */
function canonicalByStack(root: unknown): string {
  const out: string[] = [];
  const stack: Pending[] = [{ value: root }];
  const pushInOrder = (parts: Pending[]) => {
    for (let i = parts.length - 1; i >= 0; i--) stack.push(parts[i]!);
  };
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const { value } = item;
    if (Array.isArray(value)) {
      pushInOrder(['[', ...value.flatMap((v, i): Pending[] => (i > 0 ? [',', { value: v }] : [{ value: v }])), ']']);
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
      pushInOrder(['{', ...entries.flatMap(([k, v], i): Pending[] => [`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`, { value: v }]), '}']);
    } else {
      out.push(JSON.stringify(value) ?? 'null');
    }
  }
  return out.join('');
}

// JavaScript lists integer-like keys ("2", "10") first and in numeric order whatever order they
// were set in, so an object holding one cannot be rebuilt in sorted order.
const INDEX_KEY = /^(?:0|[1-9]\d*)$/;
const UNSORTABLE = new Error('an object key that JavaScript orders by itself');

function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const sorted = Object.create(null) as Record<string, unknown>; // no prototype: a "__proto__" key stays a key
  for (const key of Object.keys(value).sort()) {
    if (INDEX_KEY.test(key)) throw UNSORTABLE;
    sorted[key] = (value as Record<string, unknown>)[key];
  }
  return sorted;
}

/**
 * The same canonical JSON by JSON.stringify (several times faster), except for the bodies it
 * cannot write that way: nested deeper than the call stack, or with integer-like keys.
 */
function canonical(root: unknown): string {
  try {
    return JSON.stringify(root, sortedKeys) ?? 'null';
  } catch (error) {
    if (error === UNSORTABLE || error instanceof RangeError) return canonicalByStack(root);
    throw error;
  }
}

export const hashRequestBody = (body: unknown): string => createHash('sha256').update(canonical(body ?? null)).digest('hex');

export interface IdempotencyStore {
  /** Inside the use case's transaction, before any write: replays, refuses or lets it run. */
  claim(tx: Tx, orgId: string, request: IdempotencyRequest): Promise<void>;
  /** Outside any transaction, before the work: a cheap early replay or refusal. The claim stays the guarantee. */
  check(request: IdempotencyRequest): Promise<void>;
  /** Inside the same transaction, after the writes: stores the answer with them. */
  complete(tx: Tx, orgId: string, request: IdempotencyRequest, response: StoredResponse): Promise<void>;
  /** After a refused (4xx) call rolled back: records the refusal so a retry gets the same answer. */
  recordRefusal(orgId: string, request: IdempotencyRequest, response: StoredResponse): Promise<void>;
  /** Keys that are being worked on in this process (SQLite serialises writers, so this is how a twin is spotted). */
  enter(request: IdempotencyRequest): () => void;
  purgeExpired(): Promise<number>;
}

type StoredKey = Pick<IdempotencyKeysTable, 'subject' | 'idem_key' | 'method' | 'path'>;

const findAnswer = preparedQuery((db, k: StoredKey) =>
  db.selectFrom('idempotency_keys').select(['request_hash', 'status_code', 'response_body', 'created_at'])
    .where('subject', '=', k.subject).where('idem_key', '=', k.idem_key).where('method', '=', k.method).where('path', '=', k.path));

// A twin with another body may have stored its refusal while this request ran; the key
// belongs to the request that did the work, so its answer replaces the refusal.
const storeAnswer = preparedQuery((db, row: IdempotencyKeysTable) =>
  db.insertInto('idempotency_keys').values({
    subject: row.subject, idem_key: row.idem_key, method: row.method, path: row.path, org_id: row.org_id,
    request_hash: row.request_hash, status_code: row.status_code, response_body: row.response_body, created_at: row.created_at,
  }).onConflict((oc) => oc.columns(['subject', 'idem_key', 'method', 'path'])
    .doUpdateSet({ request_hash: row.request_hash, status_code: row.status_code, response_body: row.response_body, created_at: row.created_at })),
  { batchable: true });

export function idempotencyStore(database: Database, clock: Clock): IdempotencyStore {
  const inFlight = new Set<string>();
  const flightKey = (r: IdempotencyRequest) => `${r.subject}\u0000${r.key}\u0000${r.method}\u0000${r.path}`;
  // PostgreSQL text cannot hold NUL, so the advisory-lock key is the same tuple as JSON.
  const lockKey = (r: IdempotencyRequest) => JSON.stringify([r.subject, r.key, r.method, r.path]);
  const cutoff = () => new Date(clock.now().getTime() - IDEMPOTENCY_RETENTION_MS).toISOString();
  const inProgress = () =>
    new DomainError('idempotency.in_progress', 'A request with this Idempotency-Key is still being processed; retry shortly');

  const keyOf = (r: IdempotencyRequest) => ({ subject: r.subject, idem_key: r.key, method: r.method, path: r.path });

  /** Replays or refuses when the key was answered within the retention; says whether an expired record lingers. */
  async function judge(executor: Db | Tx, request: IdempotencyRequest): Promise<'fresh' | 'expired'> {
    const [existing] = await findAnswer(executor, keyOf(request));
    if (!existing) return 'fresh';
    if (existing.created_at <= cutoff()) return 'expired';
    if (existing.request_hash !== request.requestHash) {
      throw new DomainError('idempotency.key_reused', 'This Idempotency-Key was used with a different request body', {
        field: 'Idempotency-Key',
      });
    }
    throw new IdempotentReplay({ status: existing.status_code, body: JSON.parse(existing.response_body) });
  }

  const rowOf = (orgId: string, r: IdempotencyRequest, response: StoredResponse): IdempotencyKeysTable => ({
    subject: r.subject, idem_key: r.key, method: r.method, path: r.path, org_id: orgId,
    request_hash: r.requestHash, status_code: response.status,
    response_body: jsonTextOf(response.body) ?? 'null', created_at: clock.now().toISOString(),
  });

  return {
    enter(request) {
      const key = flightKey(request);
      if (inFlight.has(key)) throw inProgress();
      inFlight.add(key);
      return () => inFlight.delete(key);
    },

    async claim(tx, _orgId, request) {
      if (engineOf(tx) === 'postgres') {
        // Another process may hold the same key: the transaction-scoped advisory lock says so at once.
        const { rows } = await sql<{ locked: boolean }>`
          SELECT pg_try_advisory_xact_lock(hashtextextended(${lockKey(request)}, 0)) AS locked`.execute(tx);
        if (!rows[0]?.locked) throw inProgress();
      }
      if ((await judge(tx, request)) === 'expired') {
        const k = keyOf(request);
        await tx.deleteFrom('idempotency_keys').where('subject', '=', k.subject).where('idem_key', '=', k.idem_key)
          .where('method', '=', k.method).where('path', '=', k.path).execute();
      }
    },

    async check(request) {
      await judge(database.db, request);
    },

    async complete(tx, orgId, request, response) {
      await storeAnswer(tx, rowOf(orgId, request, response));
    },

    async recordRefusal(orgId, request, response) {
      await database.transaction((tx) =>
        tx.insertInto('idempotency_keys').values(rowOf(orgId, request, response)).onConflict((oc) => oc.doNothing()).execute());
    },

    async purgeExpired() {
      const result = await database.transaction((tx) =>
        tx.deleteFrom('idempotency_keys').where('created_at', '<=', cutoff()).executeTakeFirst());
      return Number(result.numDeletedRows);
    },
  };
}
