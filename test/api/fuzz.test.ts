/**
 * Fuzz over the route schemas: for every token route with a params, query or body schema,
 * hostile inputs derived from that schema (test/support/schema-arbitraries.ts) must never
 * give a 5xx; every 4xx must carry the spec's error shape and must have written nothing.
 * Routes added later are picked up from t.app.routes without touching this file.
 *
 * Knobs: FUZZ_SEED (default fixed), FUZZ_RUNS (multiplies the per-property run counts),
 * FUZZ_TIME_MS (time budget of the random part, shared by all properties; default 20 s).
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ERROR_CODES } from '../../src/kernel/errors';
import { fullPath, type RouteDef } from '../../src/http/route';
import { validatorCompiler } from '../../src/http/validation';
import {
  HOSTILE_STRINGS, IdRef, RawJson, applyMutation, fieldName, hostileValue, mutation, parseLikeServer, preview,
  resolveIdRefs, sitesOf, toJsonText, validValue, type JsonSchema, type Mutation, type PathSegment,
} from '../support/schema-arbitraries';
import { startTestApp, type OrgFixture } from '../support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_401);
const RUNS_FACTOR = Number(process.env.FUZZ_RUNS ?? 1);
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_MS ?? 20_000);
fc.configureGlobal({ seed: SEED, endOnFailure: true });

const t = await startTestApp();
const db = t.app.database.db;
const port = Number(new URL(t.baseUrl).port);
const BODY_LIMIT = loadConfig({}).bodyLimitBytes;

/** The routes under test: every token route with something to validate. */
const FUZZED = t.app.routes.filter((r) => r.access !== 'admin' && r.access !== 'open' && (r.body || r.query || r.params));
const routeName = (r: RouteDef) => `${r.method} ${fullPath(r)} (${r.operationId})`;

let own: OrgFixture;
let foreign: OrgFixture;

// ---------------------------------------------------------------- raw HTTP (exact paths and bodies, no URL normalisation)

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** What was made hostile, for failure messages. */
  note: string;
}

interface Received {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

async function send(req: Sent): Promise<Received> {
  try {
    return await sendOnce(req);
  } catch (error) {
    // A keep-alive socket the server closed meanwhile (after a refused oversized request): retry once on a new one.
    if ((error as { reusedSocket?: boolean }).reusedSocket) return sendOnce(req);
    throw error;
  }
}

function sendOnce(req: Sent): Promise<Received> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers = { ...req.headers };
    if (req.body === undefined) delete headers['content-type'];
    else headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    // The server may answer (413) and close before a big body is fully written.
    r.on('error', (e) => { if (!answered) reject(Object.assign(e, { reusedSocket: r.reusedSocket })); });
    r.end(req.body);
  });
}

function describeRequest(req: Sent, res?: Received): string {
  const headers = Object.entries(req.headers).filter(([k]) => k !== 'authorization').map(([k, v]) => `${k}: ${preview(v, 80)}`).join('; ');
  return [
    `${req.method} ${preview(req.path, 300)}`,
    headers && `headers: ${headers}`,
    req.body !== undefined && `body: ${preview(req.body, 400)}`,
    `mutation: ${req.note}`,
    res && `→ ${res.status} ${preview(res.text, 400)}`,
  ].filter(Boolean).join('\n  ');
}

// ---------------------------------------------------------------- database: what was written, and existing ids

/** Tables a refused call may legitimately touch: the stored refusal of a keyed call, rate-limit counters. */
const NOT_STATE = new Set(['idempotency_keys', 'rate_limit_windows']);
let stateTables: string[] = [];
const columnsOf = new Map<string, string[]>();

async function loadTables() {
  const tables = await db.introspection.getTables();
  for (const table of tables) columnsOf.set(table.name, table.columns.map((c) => c.name));
  stateTables = tables.map((x) => x.name).filter((n) => !NOT_STATE.has(n)).sort();
}

/**
 * A digest of each state table that changes with any committed insert, update or delete.
 * PostgreSQL: row count and newest xmin (the transaction that wrote a row), in one round trip.
 * SQLite: a hash of every row; taken only when `data_version`, read on a second connection,
 * says another connection committed something (a refused call that rolled back commits nothing).
 */
let snapshotMs = 0;
async function snapshot(): Promise<Map<string, string>> {
  const started = performance.now();
  try {
    return await takeSnapshot();
  } finally {
    snapshotMs += performance.now() - started;
  }
}

async function takeSnapshot(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (t.db.engine === 'postgres') {
    const parts = stateTables.map((table) =>
      sql`select ${sql.lit(table)} as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as h from ${sql.table(table)}`);
    const { rows } = await sql<{ t: string; n: number; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
    for (const row of rows) out.set(row.t, `${row.n}:${row.h}`);
    return out;
  }
  for (const table of stateTables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const hash = createHash('sha1');
    for (const line of rows.map((row) => JSON.stringify(row)).sort()) hash.update(line).update('\n');
    out.set(table, `${rows.length}:${hash.digest('hex')}`);
  }
  return out;
}

const sqliteFile = path.join(t.db.dataDir, 'bahi.sqlite');
const reader = t.db.engine === 'sqlite' && fs.existsSync(sqliteFile) ? new BetterSqlite3(sqliteFile, { readonly: true }) : null;
const dataVersion = () => (reader ? Number(reader.pragma('data_version', { simple: true })) : null);

let lastState: Map<string, string> | undefined;
let lastVersion: number | null = null;
/** Cleared if seeding (which commits) did not move data_version: then every look takes a snapshot. */
let versionWorks = true;

/** The state tables that changed since the previous call. */
async function writesSinceLastLook(): Promise<string[]> {
  const version = dataVersion();
  if (lastState && versionWorks && version !== null && version === lastVersion) return [];
  lastVersion = version;
  const state = await snapshot();
  const changed = lastState ? changedTables(lastState, state) : [];
  lastState = state;
  return changed;
}

const changedTables = (a: Map<string, string>, b: Map<string, string>) =>
  [...b.keys()].filter((k) => a.get(k) !== b.get(k)).map((k) => `${k} (${a.get(k)?.split(':')[0]} → ${b.get(k)?.split(':')[0]} rows)`);

/** The table and column holding ids called `name`: contact_id → contacts.contact_id, purchase_account_id → accounts.account_id. */
/** Parameters whose ids live in a column of another name: the PDFs' organization_id is an org_id. */
const ID_ALIASES: Record<string, string> = { organization_id: 'org_id' };

function idSource(name: string): { table: string; column: string } | null {
  const candidates = [ID_ALIASES[name] ?? name];
  for (let parts = name.split('_'); parts.length > 2; parts = parts.slice(1)) candidates.push(parts.slice(1).join('_'));
  for (const column of candidates) {
    const stem = column.replace(/_id$/, '');
    const owners = [`${stem}s`, `${stem}es`, `${stem.replace(/y$/, 'ies')}`];
    const tables = [...columnsOf.keys()].filter((tb) => columnsOf.get(tb)!.includes(column) && columnsOf.get(tb)!.includes('org_id'));
    const owner = tables.find((tb) => owners.includes(tb)) ?? tables[0];
    if (owner) return { table: owner, column };
  }
  return null;
}

const pools = new Map<string, string[]>();

async function idPool(name: string, orgId: string): Promise<string[]> {
  const key = `${orgId}/${name}`;
  let pool = pools.get(key);
  if (!pool) {
    const source = idSource(name);
    pool = [];
    if (source) {
      const { rows } = await sql<{ id: string }>`select distinct ${sql.ref(source.column)} as id from ${sql.table(source.table)}
        where org_id = ${orgId} and ${sql.ref(source.column)} is not null order by 1 limit 200`.execute(db);
      pool = rows.map((r) => String(r.id));
    }
    pools.set(key, pool);
  }
  return pool;
}

function collectRefs(value: unknown, out: IdRef[] = []): IdRef[] {
  resolveIdRefs(value, (ref) => { out.push(ref); return ''; });
  return out;
}

/** Replaces the IdRefs of a generated value with ids that exist in `orgId` (or the other organisation, for foreign refs). */
async function resolveIds(value: unknown, orgId = own.orgId): Promise<unknown> {
  const refs = collectRefs(value);
  const chosen = new Map<IdRef, string>();
  for (const ref of refs) {
    const pool = await idPool(ref.name, ref.foreign ? foreign.orgId : orgId);
    chosen.set(ref, pool.length > 0 ? pool[ref.pick % pool.length]! : ref.fallback);
  }
  return resolveIdRefs(value, (ref) => chosen.get(ref)!);
}

// ---------------------------------------------------------------- expectations

type ErrorCode = (typeof ERROR_CODES)[number];

type Expectation =
  | { kind: 'any' }
  /** Unparsable, poisoned or oversized body, or a refused Idempotency-Key: 400/413, validation.invalid_value on `field`. */
  | { kind: 'refused'; field: string; status: number[] }
  /** Fails the route's schema: `status` (400 unless the route says otherwise), one of these codes, naming one of these fields. */
  | { kind: 'schema'; codes: Set<ErrorCode>; fields: Set<string>; status: number }
  /** A well-formed id of another organisation, or of nothing: never success, and 404 unless validation spoke first. */
  | { kind: 'absent'; param: string };

const validators = new Map<object, ValidateFunction>();
/** The server's own compiler, so custom formats and coercion rules match exactly what the route enforces. */
function validatorFor(schema: object, httpPart: 'body' | 'querystring' | 'params'): ValidateFunction {
  let v = validators.get(schema);
  if (!v) {
    v = validatorCompiler({ schema, httpPart, method: 'POST', url: '/' }) as ValidateFunction;
    validators.set(schema, v);
  }
  return v;
}

function schemaExpectation(schema: object | undefined, httpPart: 'body' | 'querystring' | 'params', value: unknown): Expectation {
  if (!schema) return { kind: 'any' };
  const validate = validatorFor(schema, httpPart);
  // Validation may coerce and fill defaults in place: every caller hands over a value of its own.
  if (validate(value)) return { kind: 'any' };
  const codes = new Set<ErrorCode>();
  const fields = new Set<string>();
  for (const e of validate.errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    const path: PathSegment[] = e.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    const child = params.missingProperty ?? params.additionalProperty;
    if (child !== undefined) path.push(child);
    fields.add(fieldName(path) || (httpPart === 'body' ? 'body' : httpPart));
    codes.add(e.keyword === 'required' ? 'validation.required_field' : 'validation.invalid_value');
  }
  if (codes.size === 0) codes.add('validation.invalid_value');
  return { kind: 'schema', codes, fields, status: 400 };
}

function bodyExpectation(route: RouteDef, text: string): Expectation {
  if (Buffer.byteLength(text) > BODY_LIMIT) return { kind: 'refused', field: 'body', status: [413] };
  const parsed = parseLikeServer(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  if (parsed.kind !== 'json') return { kind: 'refused', field: 'body', status: [400] };
  const expectation = schemaExpectation(route.body, 'body', parsed.value);
  // A route with its own answer to a schema-invalid body (email: 422 validation.failed) still names the field.
  if (expectation.kind !== 'schema' || !route.invalidBody) return expectation;
  return { ...expectation, codes: new Set([route.invalidBody.code]), status: route.invalidBody.status };
}

const ERROR_CODE_SET = new Set<string>(ERROR_CODES);
const ERROR_KEYS = new Set(['code', 'message', 'field', 'details', 'request_id', 'errors']);

function check(req: Sent, res: Received, expectation: Expectation, changed: string[]) {
  const where = describeRequest(req, res);
  expect(res.status, `5xx for\n  ${where}`).toBeLessThan(500);
  // A download (a CSV report, the ledger export) succeeds in its own media type, not the JSON
  // envelope: only where nothing more precise was expected, and having written nothing.
  if (res.status < 400 && !String(res.headers['content-type']).startsWith('application/json')) {
    expect(expectation.kind, `a ${res.status} ${String(res.headers['content-type'])} answer where an error was expected for\n  ${where}`).toBe('any');
    expect(changed, `a download wrote to the database for\n  ${where}`).toEqual([]);
    return;
  }
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(res.text) as Record<string, unknown>;
  } catch {
    body = undefined;
  }
  expect(body, `response is not JSON for\n  ${where}`).toBeTypeOf('object');
  if (res.status < 400) {
    expect(body!.code, `success without code 0 for\n  ${where}`).toBe(0);
  } else {
    const { code, message, request_id: requestId, field, errors } = body!;
    const extra = Object.keys(body!).filter((k) => !ERROR_KEYS.has(k));
    expect(extra, `keys outside the spec's error body for\n  ${where}`).toEqual([]);
    expect(ERROR_CODE_SET.has(code as string), `code ${String(code)} is not in ERROR_CODES for\n  ${where}`).toBe(true);
    expect(message, `message missing for\n  ${where}`).toBeTypeOf('string');
    expect(requestId, `request_id missing for\n  ${where}`).toBeTypeOf('string');
    expect(res.headers['x-request-id'], `X-Request-Id differs from request_id for\n  ${where}`).toBe(requestId);
    if (String(code).startsWith('validation.')) {
      expect(typeof field === 'string' && field.length > 0, `validation error without field for\n  ${where}`).toBe(true);
    }
    if (errors !== undefined) {
      expect(Array.isArray(errors), `errors[] is not an array for\n  ${where}`).toBe(true);
      for (const e of errors as Array<Record<string, unknown>>) {
        expect(typeof e.field === 'string' && typeof e.message === 'string' && ERROR_CODE_SET.has(e.code as string), `malformed errors[] entry ${JSON.stringify(e)} for\n  ${where}`).toBe(true);
      }
    }
    expect(changed, `a ${res.status} wrote to the database for\n  ${where}`).toEqual([]);
  }

  const code = body?.code as string | undefined;
  const field = body?.field as string | undefined;
  switch (expectation.kind) {
    case 'any':
      break;
    case 'refused':
      expect({ status: expectation.status.includes(res.status), code, field }, `expected ${expectation.status.join('/')} validation.invalid_value on ${expectation.field} for\n  ${where}`)
        .toEqual({ status: true, code: 'validation.invalid_value', field: expectation.field });
      break;
    case 'schema':
      expect(res.status, `schema-invalid input not refused with ${expectation.status} for\n  ${where}`).toBe(expectation.status);
      expect(expectation.codes.has(code as ErrorCode), `code ${code} is not one of ${[...expectation.codes].join(', ')} for\n  ${where}`).toBe(true);
      expect(expectation.fields.has(field!), `field ${field} is not one of ${[...expectation.fields].join(', ')} for\n  ${where}`).toBe(true);
      break;
    case 'absent': {
      expect(res.status, `an id of another organisation (or of nothing) succeeded for\n  ${where}`).toBeGreaterThanOrEqual(400);
      const validationElsewhere = String(code).startsWith('validation.') && field !== expectation.param;
      expect(res.status === 404 || validationElsewhere, `expected 404 for an unknown ${expectation.param} for\n  ${where}`).toBe(true);
      break;
    }
  }
}

/** Requests sent per test, printed with FUZZ_STATS=1 to tune the budget. */
const sentPerTest = new Map<string, number>();
const statuses = new Map<number, number>();
let keyCounter = 0;
const freshKey = () => `fuzz-${SEED}-${++keyCounter}-${randomUUID().slice(0, 8)}`;

/** Sends one request and checks it; the state after is the state before the next one. */
async function exercise(req: Sent, expectation: Expectation) {
  // Node refuses a request line and headers over its limit before any route runs (431).
  const head = req.method.length + req.path.length + Object.entries(req.headers).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  if (head > http.maxHeaderSize) expectation = { kind: 'refused', field: 'request', status: [431] };
  else if (head > http.maxHeaderSize - 1024) expectation = { kind: 'any' };
  if (!lastState) await writesSinceLastLook();
  const name = expect.getState().currentTestName ?? '?';
  sentPerTest.set(name, (sentPerTest.get(name) ?? 0) + 1);
  const res = await send(req);
  const changed = await writesSinceLastLook();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  if (changed.length > 0) pools.clear();
  check(req, res, expectation, changed);
  return res;
}

// ---------------------------------------------------------------- building requests

type Segment = { raw: string; decoded?: string; foreign?: boolean };

function pathFor(route: RouteDef, segments: Record<string, Segment>): string {
  return fullPath(route).replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => segments[name]!.raw);
}

const paramNames = (route: RouteDef) => [...fullPath(route).matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

/** Existing ids of our organisation for every path parameter (or a well-formed fallback). */
async function ownSegments(route: RouteDef, picks: number[] = []): Promise<Record<string, Segment>> {
  const out: Record<string, Segment> = {};
  for (const [i, name] of paramNames(route).entries()) {
    const id = (await resolveIds(new IdRef(name, picks[i] ?? 0, `${name.replace(/_id$/, '')}_00000000000000000000000000`))) as string;
    out[name] = { raw: pct(id), decoded: id };
  }
  return out;
}

type QueryPairs = Array<readonly [string, string]>;

const queryText = (v: unknown): string =>
  typeof v === 'string' ? v : v instanceof RawJson ? v.text : typeof v === 'object' && v !== null ? toJsonText(v) : String(v);

function queryPairs(value: unknown): QueryPairs {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
    v === undefined ? [] : Array.isArray(v) ? v.map((x) => [k, queryText(x)] as const) : [[k, queryText(v)] as const]);
}

/** What a client sends for a JS string: UTF-8 (a lone surrogate becomes U+FFFD), percent-encoded. */
const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const pct = (s: string) => encodeURIComponent(wellFormed(s));
const encodeQuery = (pairs: QueryPairs) => pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&');

/** What the querystring parser hands to validation: repeated keys become arrays. */
function queryView(pairs: QueryPairs): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const [rawKey, rawValue] of pairs) {
    const [k, v] = [wellFormed(rawKey), wellFormed(rawValue)];
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

function headersFor(route: RouteDef, key: 'none' | 'fresh' | string, contentType = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${own.token}` };
  if (route.method !== 'GET') headers['content-type'] = contentType;
  const wantsKey = key === 'fresh' || (key === 'none' && route.idempotency === 'required' && route.method !== 'GET');
  if (wantsKey) headers['idempotency-key'] = freshKey();
  else if (key !== 'none') headers['idempotency-key'] = key;
  return headers;
}

const KEY_RE = /^[A-Za-z0-9_:-]{1,200}$/;
const HOSTILE_KEYS = ['', ' ', 'a'.repeat(201), 'a b', 'ke\ty', 'clé', '../x', 'k%00', '{"a":1}'];

async function validQuery(route: RouteDef, seed: number): Promise<QueryPairs> {
  if (!route.query) return [];
  const [value] = fc.sample(validValue(route.query as JsonSchema), { numRuns: 1, seed });
  return queryPairs(await resolveIds(value));
}

async function validBodyText(route: RouteDef, seed: number): Promise<string | undefined> {
  if (!route.body) return undefined;
  const [value] = fc.sample(validValue(route.body as JsonSchema), { numRuns: 1, seed });
  return toJsonText(await resolveIds(value));
}

// ---------------------------------------------------------------- setup

/** Real cursors handed out by each list, to tamper with and to replay on other lists. */
const cursors: string[] = [];

function findCursors(value: unknown) {
  if (value === null || typeof value !== 'object') return;
  for (const [k, v] of Object.entries(value)) {
    if (/cursor/i.test(k) && typeof v === 'string' && v.length > 0) cursors.push(v);
    else findCursors(v);
  }
}

beforeAll(async () => {
  own = await t.given.org({ rate_limit_per_minute: 1_000_000 });
  foreign = await t.given.org({ rate_limit_per_minute: 1_000_000 });
  await loadTables();
  const versionBeforeSeeding = dataVersion();
  // Seed both organisations through every create route (POST without path params), so ids exist to aim at.
  for (const org of [own, foreign]) {
    for (const route of t.app.routes.filter((r) => r.method === 'POST' && r.body && !r.params && r.access !== 'admin' && r.access !== 'open')) {
      for (const value of fc.sample(validValue(route.body as JsonSchema), { numRuns: 8, seed: SEED })) {
        pools.clear();
        const text = toJsonText(await resolveIds(value, org.orgId));
        await send({ method: 'POST', path: fullPath(route), headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json', 'idempotency-key': freshKey() }, body: text, note: 'seed' });
      }
    }
  }
  pools.clear();
  versionWorks = versionBeforeSeeding !== dataVersion();
  for (const route of t.app.routes.filter((r) => r.method === 'GET' && r.query && !r.params && r.access !== 'admin' && r.access !== 'open')) {
    const properties = ((route.query as JsonSchema).properties ?? {}) as Record<string, unknown>;
    if (!('cursor' in properties)) continue;
    const res = await send({ method: 'GET', path: `${fullPath(route)}?${'per_page' in properties ? 'per_page=1' : ''}`, headers: headersFor(route, 'none'), note: 'cursor' });
    if (res.status === 200) findCursors(JSON.parse(res.text));
  }
  await writesSinceLastLook();
}, 120_000);

afterAll(async () => {
  if (process.env.FUZZ_STATS) {
    for (const [name, n] of sentPerTest) console.log(`${String(n).padStart(5)}  ${name.replace('fuzz over the route schemas > ', '')}`);
    console.log(`${[...sentPerTest.values()].reduce((a, b) => a + b, 0)} requests; ${Math.round(snapshotMs)} ms taking snapshots; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  }
  agent.destroy();
  reader?.close();
  await t.close();
});

// ---------------------------------------------------------------- fixed hostile inputs

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const TOP_LEVEL_BODIES: ReadonlyArray<readonly [string, string, string?]> = [
  ['null', 'null'], ['array', '[]'], ['array of object', '[{}]'], ['string', '"text"'], ['number', '123'], ['true', 'true'],
  ['empty', ''], ['whitespace', '   '], ['open brace', '{'], ['missing value', '{"a":}'], ['single quotes', "{'a':1}"],
  ['trailing comma', '{"a":1,}'], ['BOM', '\ufeff{}'], ['NaN', 'NaN'], ['comment', '{/*x*/}'], ['two documents', '{}{}'],
  ['proto poisoning', '{"__proto__":{"isAdmin":true}}'], ['constructor poisoning', '{"constructor":{"prototype":{"isAdmin":true}}}'],
  ['deep arrays', deep(50_000)], ['deep objects', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`],
  ['unterminated deep', '['.repeat(100_000)], ['lone surrogate', '{"a":"\\ud800"}'], ['bad escape', '{"a":"\\x41"}'],
  ['NUL byte', '{"a":"\u0000"}'], ['over the body limit', `{"a":"${'x'.repeat(1_100_000)}"}`],
  ['text/plain', '{}', 'text/plain'], ['form', 'a=1', 'application/x-www-form-urlencoded'],
  ['multipart', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x'], ['utf-16 charset', '{}', 'application/json; charset=utf-16'],
  ['vendor json', '{}', 'application/vnd.api+json'], ['no content-type', '{}', ''],
];

const RAW_SEGMENTS = ['..', '.', '%2e%2e', '..%2F..%2Fetc', '%2F', '%00', '%', '%zz', '%E0%A4%A', '%C0%AE', ';', 'a;b=c', '%20', '*', '~', '%FF', '%u0041'];
const DECODED_SEGMENTS = [
  '', ' ', '\u0000', 'a'.repeat(64), 'a'.repeat(65), 'a'.repeat(99), 'a'.repeat(10_000), 'ä', '😀', '\u202e', "' OR 1=1 --",
  '../../etc/passwd', 'con_', '__proto__', 'constructor', 'null', '0', '-1', '1e308',
];

const RAW_QUERIES = ['%', '%zz=1', 'per_page=%00', '=', '&&', 'per_page', 'cursor=%E0%A4%A', '__proto__=1', 'constructor[prototype]=1', 'a[b]=1', '?', '#', 'per_page=1&per_page=2', 'cursor&cursor'];
const HOSTILE_QUERY_VALUES = ['abc', '', ' ', '-1', '0', '1e3', '1.5', '99999999999999999999', 'NaN', 'Infinity', '0x10', ' 1', '1 ', 'true', 'null', '[]', '{}', ...HOSTILE_STRINGS];

// ---------------------------------------------------------------- the tests

/**
 * The random part shares FUZZ_TIME_MS, however many routes there are: each property gets a slice
 * by weight (a body gets more the more places it has to mutate).
 */
const bodyWeight = (r: RouteDef) => (r.body ? Math.min(4, 1 + sitesOf(r.body as JsonSchema).length / 10) : 0);
const TOTAL_WEIGHT = FUZZED.reduce((n, r) => n + 1 + bodyWeight(r) + Number(!!r.params) + Number(!!r.query), 0);
const sliceMs = (weight = 1) => Math.max(100, Math.floor((TIME_BUDGET_MS * weight) / TOTAL_WEIGHT));
const runs = (n: number) => Math.max(1, Math.round(n * RUNS_FACTOR));
/** A property's vitest timeout: its slice, plus room for a slow engine to finish the run in flight. */
const timeoutFor = (weight = 1) => sliceMs(weight) + 60_000;

/**
 * Runs a property for at most numRuns or its time slice. Past the slice, runs are skipped inside
 * the property rather than with fast-check's interruptAfterTimeLimit, which abandons the run in
 * flight: its request would then land during the next test and be taken for that test's write.
 */
async function fuzz<T>(arb: fc.Arbitrary<T>, run: (value: T) => Promise<void>, numRuns: number, weight = 1) {
  const deadline = performance.now() + sliceMs(weight);
  await fc.assert(fc.asyncProperty(arb, async (value) => {
    if (performance.now() > deadline) return;
    await run(value);
  }), { numRuns: runs(numRuns) });
}

/** Labels fast-check prints for a counterexample: short, never the 10k-element array itself. */
const labelled = <T extends object>(arb: fc.Arbitrary<T>, label: (v: T) => string) =>
  arb.map((v) => Object.assign(v, { [fc.toStringMethod]: () => label(v) }));

const describeMutation = (m: Mutation) =>
  `${m.op} ${fieldName(m.path) || '(root)'}${'key' in m ? ` + key ${preview(m.key, 40)}` : ''}${'value' in m ? ` = ${preview(m.value, 120)}` : ''}`;

describe('fuzz over the route schemas', () => {
  it('notices a committed write (the detector behind "a 4xx wrote nothing" works on this engine)', async () => {
    await writesSinceLastLook();
    await db.insertInto('system_settings').values({ key: 'fuzz-probe', value: '1' }).execute();
    expect((await writesSinceLastLook()).join()).toMatch(/^system_settings/);
    await db.updateTable('system_settings').set({ value: '2' }).where('key', '=', 'fuzz-probe').execute();
    expect((await writesSinceLastLook()).join()).toMatch(/^system_settings/);
    await db.deleteFrom('system_settings').where('key', '=', 'fuzz-probe').execute();
    expect((await writesSinceLastLook()).join()).toMatch(/^system_settings/);
    expect(await writesSinceLastLook()).toEqual([]);
  });

  it('covers every token route that has a params, query or body schema', () => {
    expect(FUZZED.length).toBeGreaterThan(0);
    const byOperation = new Set(FUZZED.map((r) => r.operationId));
    expect(byOperation.size).toBe(FUZZED.length);
  });

  describe.each(FUZZED.map((r) => [routeName(r), r] as const))('%s', (_name, route) => {
    it('answers valid requests without a 5xx', async () => {
      const arb = labelled(fc.record({
        body: route.body ? validValue(route.body as JsonSchema) : fc.constant(undefined),
        query: route.query ? validValue(route.query as JsonSchema) : fc.constant(undefined),
        picks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
      }), (v) => `valid body ${preview(v.body, 200)} query ${preview(v.query, 100)}`);
      await fuzz(arb, async ({ body, query, picks }) => {
        const segments = await ownSegments(route, picks);
        const pairs = queryPairs(await resolveIds(query));
        const text = body === undefined ? undefined : toJsonText(await resolveIds(body));
        const qs = encodeQuery(pairs);
        await exercise({
          method: route.method, path: pathFor(route, segments) + (qs ? `?${qs}` : ''), headers: headersFor(route, 'none'), body: text, note: 'none (valid input)',
        }, text === undefined ? { kind: 'any' } : bodyExpectation(route, text));
      }, 25);
    }, timeoutFor());

    if (route.body) it('refuses bodies with one hostile field (400 with the field named, nothing written)', async () => {
      const schema = route.body as JsonSchema;
      const arb = labelled(fc.record({
        base: fc.oneof(validValue(schema, { full: true }), validValue(schema)),
        mutation: mutation(schema),
        key: fc.oneof({ weight: 6, arbitrary: fc.constant('none') }, { weight: 2, arbitrary: fc.constant('fresh') }, { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_KEYS) }),
        pick: fc.nat(),
      }), (v) => `${describeMutation(v.mutation)} [key ${v.key}] on ${preview(v.base, 200)}`);
      await fuzz(arb, async ({ base, mutation: m, key, pick }) => {
        const segments = await ownSegments(route, [pick, pick, pick]);
        const mutated = applyMutation(await resolveIds(base), m);
        const text = toJsonText(await resolveIds(mutated));
        let expectation = bodyExpectation(route, text);
        // HTTP parsers trim a header value's surrounding whitespace.
        if (key !== 'none' && key !== 'fresh' && !KEY_RE.test(key.trim()) && !(expectation.kind === 'refused')) {
          expectation = { kind: 'refused', field: 'Idempotency-Key', status: [400] };
        }
        const qs = encodeQuery(await validQuery(route, pick));
        await exercise({ method: route.method, path: pathFor(route, segments) + (qs ? `?${qs}` : ''), headers: headersFor(route, key), body: text, note: describeMutation(m) }, expectation);
      }, 300, bodyWeight(route));
    }, timeoutFor(bodyWeight(route)));

    if (route.method !== 'GET') it('refuses non-object, malformed and mis-typed bodies', async () => {
      const segments = await ownSegments(route);
      const qs = encodeQuery(await validQuery(route, SEED));
      // The parsable ones also with an Idempotency-Key: the key step reads the raw body before the schema runs.
      const cases = TOP_LEVEL_BODIES.flatMap((b) => (b[2] === undefined && parseLikeServer(b[1]).kind === 'json' ? [[b, 'fresh'], [b, 'none']] as const : [[b, 'none']] as const));
      for (const [[note, text, contentType], key] of cases) {
        const plainJson = contentType === undefined;
        const headers = headersFor(route, key, contentType ?? 'application/json');
        if (contentType === '') delete headers['content-type'];
        await exercise(
          { method: route.method, path: pathFor(route, segments) + (qs ? `?${qs}` : ''), headers, body: text, note: `top-level body: ${note}` },
          plainJson && route.body ? bodyExpectation(route, text) : plainJson && parseLikeServer(text.replace(/^\ufeff/, '')).kind !== 'json' ? { kind: 'refused', field: 'body', status: Buffer.byteLength(text) > BODY_LIMIT ? [413] : [400] } : { kind: 'any' },
        );
      }
    });

    if (route.params) it('answers hostile path ids and ids of others with 404, whatever their form', async () => {
      const names = paramNames(route);
      const body = await validBodyText(route, SEED);
      const qs = encodeQuery(await validQuery(route, SEED));
      const request = async (name: string, segment: Segment) => {
        const segments = { ...(await ownSegments(route)), [name]: segment };
        // docs/rules/errors-and-validation.md, "Ids in a path": a path id that names nothing is 404 whatever its form, empty included. A raw
        // segment may not decode (the router's 400) or may be a dot segment, so it only must not fail.
        const expectation: Expectation = segment.decoded !== undefined ? { kind: 'absent', param: name } : { kind: 'any' };
        await exercise({
          method: route.method, path: pathFor(route, segments) + (qs ? `?${qs}` : ''), headers: headersFor(route, 'none'), body, note: `path ${name} = ${preview(segment.decoded ?? segment.raw, 80)}${segment.foreign ? ' (other organisation)' : ''}`,
        }, body === undefined || expectation.kind !== 'any' ? expectation : bodyExpectation(route, body));
      };
      for (const name of names) {
        for (const raw of RAW_SEGMENTS) await request(name, { raw });
        for (const decoded of DECODED_SEGMENTS) await request(name, { raw: pct(decoded), decoded: wellFormed(decoded) });
        const theirs = await idPool(name, foreign.orgId);
        for (const id of theirs.slice(0, 3)) await request(name, { raw: pct(id), decoded: id, foreign: true });
      }
      const arb = labelled(fc.record({
        name: fc.constantFrom(...names),
        value: fc.oneof(
          fc.string({ unit: 'binary', maxLength: 80 }),
          fc.stringMatching(/^[A-Za-z0-9_]{1,64}$/).map((id) => `zz_${id}`.slice(0, 64)),
          fc.constantFrom(...HOSTILE_STRINGS),
        ),
      }), (v) => `${v.name} = ${preview(v.value, 80)}`);
      await fuzz(arb, async ({ name, value }) => {
        await request(name, { raw: pct(value), decoded: wellFormed(value) });
      }, 40);
    }, timeoutFor());

    if (route.query) it('refuses hostile query strings (400 naming the parameter)', async () => {
      const schema = route.query as JsonSchema;
      const properties = Object.keys((schema.properties ?? {}) as object);
      const body = await validBodyText(route, SEED);
      const basePath = pathFor(route, await ownSegments(route));
      for (const raw of RAW_QUERIES) {
        await exercise({ method: route.method, path: `${basePath}?${raw}`, headers: headersFor(route, 'none'), body, note: `raw query ${raw}` }, { kind: 'any' });
      }
      const hostileText = fc.oneof(
        fc.constantFrom(...HOSTILE_QUERY_VALUES),
        hostileValue({}).map(queryText),
        fc.string({ unit: 'binary', maxLength: 60 }),
      );
      const cursorText = cursors.length > 0
        ? fc.oneof(
          fc.constantFrom(...cursors),
          fc.tuple(fc.constantFrom(...cursors), fc.nat(), fc.constantFrom('A', '.', '_', '-', '')).map(([c, i, ch]) => c.slice(0, i % c.length) + ch + c.slice((i % c.length) + 1)),
          fc.base64String({ maxLength: 80 }),
          fc.jsonValue({ maxDepth: 2 }).map((v) => `${Buffer.from(JSON.stringify(v) ?? 'null').toString('base64url')}.AAAAAAAAAAAAAAAAAAAAAA`),
        )
        : fc.base64String({ maxLength: 80 });
      const arb = labelled(fc.record({
        base: validValue(schema),
        op: fc.constantFrom('set', 'delete', 'repeat', 'unknown', 'cursor'),
        name: properties.length > 0 ? fc.constantFrom(...properties) : fc.constant('unknown_param'),
        value: hostileText,
        cursor: cursorText,
        unknown: fc.constantFrom('foo', '__proto__', 'constructor', 'per_page[]', 'a[b]', '', 'PER_PAGE', 'toString'),
      }), (v) => `${v.op} ${v.name} = ${preview(v.op === 'cursor' ? v.cursor : v.value, 100)}`);
      await fuzz(arb, async ({ base, op, name, value, cursor, unknown }) => {
        let pairs = queryPairs(await resolveIds(base));
        if (op === 'set') pairs = [...pairs.filter(([k]) => k !== name), [name, value]];
        if (op === 'delete') pairs = pairs.filter(([k]) => k !== name);
        if (op === 'repeat') pairs = [...pairs, [name, value]];
        if (op === 'unknown') pairs = [...pairs, [unknown, value]];
        if (op === 'cursor') pairs = [...pairs.filter(([k]) => k !== 'cursor'), ['cursor', cursor]];
        const expectation = schemaExpectation(route.query, 'querystring', queryView(pairs));
        await exercise({
          method: route.method, path: `${basePath}?${encodeQuery(pairs)}`, headers: headersFor(route, 'none'), body,
          note: `query ${op} ${op === 'unknown' ? unknown : name} = ${preview(op === 'cursor' ? cursor : value, 80)}`,
        }, expectation);
      }, 60);
    }, timeoutFor());
  });
});
