/**
 * The served OpenAPI document (GET /openapi.json): OpenAPI 3.1, valid against the
 * specification's own JSON schema, one operation per route with a unique operationId,
 * and the required scope of every public operation stated twice (the bearerAuth
 * requirement's role and `x-required-scope`).
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullPath, PUBLIC_PREFIX, type RouteDef } from '../../src/http/route';
import { startTestApp, type TestApp } from '../support/test-app';

interface Parameter { name: string; in: string; required?: boolean; schema?: unknown }
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, unknown>;
  'x-required-scope'?: string;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

let t: TestApp;
let doc: Document;
let contentType: string | null;

beforeAll(async () => {
  t = await startTestApp();
  const res = await fetch(`${t.baseUrl}/openapi.json`);
  expect(res.status).toBe(200);
  contentType = res.headers.get('content-type');
  doc = (await res.json()) as Document;
});
afterAll(async () => { await t.close(); });

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m] !== undefined).map((method) => ({ path, method, op: item[method]! })));

/** `/contacts/:contact_id` → `/contacts/{contact_id}`, as the document writes it. */
const openApiPath = (def: RouteDef) => fullPath(def).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const where = (o: { path: string; method: string }) => `${o.method.toUpperCase()} ${o.path}`;

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document served as JSON', () => {
    expect(contentType).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('Bahi public API');
    expect(typeof doc.info.version).toBe('string');
  });

  it('validates against the OpenAPI 3.1 JSON schema', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors, JSON.stringify(result.errors, null, 2)?.slice(0, 4000)).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toMatch(/^3\.1/);
  });

  it('writes every schema in valid JSON Schema 2020-12, the dialect of OpenAPI 3.1 (the document validator does not look inside schemas)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: Array<[string, unknown]> = [];
    for (const o of operations()) {
      for (const p of o.op.parameters ?? []) schemas.push([`${where(o)} parameter ${p.name}`, p.schema]);
      for (const [type, c] of Object.entries(o.op.requestBody?.content ?? {})) schemas.push([`${where(o)} body ${type}`, c.schema]);
      for (const [status, r] of Object.entries(o.op.responses ?? {})) {
        for (const [type, c] of Object.entries((r as { content?: Record<string, { schema?: unknown }> }).content ?? {})) schemas.push([`${where(o)} ${status} ${type}`, c.schema]);
      }
    }
    expect(schemas.length).toBeGreaterThan(0);
    const invalid = schemas.filter(([, schema]) => !ajv.validateSchema(schema as object))
      .map(([label]) => `${label}: ${ajv.errorsText(ajv.errors)}`);
    expect(invalid).toEqual([]);
  });

  it('gives every operation an operationId, each used once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(0);
    for (const o of all) expect(o.op.operationId, `${where(o)} has no operationId`).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    for (const o of all) {
      const earlier = seen.get(o.op.operationId!);
      if (earlier) duplicates.push(`${o.op.operationId}: ${earlier} and ${where(o)}`);
      seen.set(o.op.operationId!, where(o));
    }
    expect(duplicates).toEqual([]);
  });

  it('lists every route the server serves, under its own operationId, and nothing else', () => {
    const missing = t.app.routes
      .filter((def) => doc.paths[openApiPath(def)]?.[def.method.toLowerCase()]?.operationId !== def.operationId)
      .map((def) => `${def.method} ${openApiPath(def)} (${def.operationId})`);
    expect(missing).toEqual([]);
    const known = new Set(t.app.routes.map((def) => `${def.method.toLowerCase()} ${openApiPath(def)}`));
    const unknown = operations().filter((o) => !known.has(`${o.method} ${o.path}`)).map(where);
    expect(unknown).toEqual([]);
  });

  it('states the required scope of every public operation as x-required-scope and as its bearerAuth role', () => {
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const publicOps = operations().filter((o) => o.path.startsWith(`${PUBLIC_PREFIX}/`));
    expect(publicOps.length).toBeGreaterThan(0);
    const byKey = new Map(t.app.routes.map((def) => [`${def.method.toLowerCase()} ${openApiPath(def)}`, def]));
    for (const o of publicOps) {
      const def = byKey.get(`${o.method} ${o.path}`)!;
      const scope = o.op['x-required-scope'];
      expect(scope, `${where(o)} has no x-required-scope`).toBe(def.access);
      // A signed download link is its own credential: no token at all.
      if (def.access === 'signed-url') {
        expect(o.op.security, `${where(o)} security`).toEqual([]);
        continue;
      }
      const bearer = o.op.security?.find((s) => 'bearerAuth' in s)?.bearerAuth;
      expect(bearer, `${where(o)} has no bearerAuth security requirement`).toBeDefined();
      // 'any-token' (e.g. /whoami) needs a valid token and no particular scope.
      expect(bearer, `${where(o)} bearerAuth roles`).toEqual(scope === 'any-token' ? [] : [scope]);
    }
  });

  it('marks admin operations with adminAuth and open ones with no security', () => {
    expect(doc.components?.securitySchemes?.adminAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const def of t.app.routes.filter((d) => d.access === 'admin' || d.access === 'open')) {
      const op = doc.paths[openApiPath(def)]![def.method.toLowerCase()]!;
      expect(op.security, `${def.method} ${openApiPath(def)}`).toEqual(def.access === 'admin' ? [{ adminAuth: [] }] : []);
    }
  });

  it('declares each path parameter as a required path parameter with a schema, and nothing that is not in the path', () => {
    for (const o of operations()) {
      const inPath = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).sort();
      const declared = (o.op.parameters ?? []).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${where(o)} path parameters`).toEqual(inPath);
      for (const p of declared) {
        expect(p.required, `${where(o)} ${p.name} must be required`).toBe(true);
        expect(p.schema, `${where(o)} ${p.name} has no schema`).toBeTypeOf('object');
      }
    }
  });

  it('declares the query parameters and the JSON request body of each route', () => {
    for (const def of t.app.routes) {
      const op = doc.paths[openApiPath(def)]![def.method.toLowerCase()]!;
      const label = `${def.method} ${openApiPath(def)}`;
      const queryNames = Object.keys(((def.query as { properties?: object } | undefined)?.properties) ?? {}).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
      expect(declared, `${label} query parameters`).toEqual(queryNames);
      if (def.body) expect(op.requestBody?.content?.['application/json']?.schema, `${label} request body`).toBeTypeOf('object');
      else if (def.multipart) expect(op.requestBody?.content?.['multipart/form-data']?.schema, `${label} form`).toBeTypeOf('object');
      else expect(op.requestBody, `${label} has a request body it does not take`).toBeUndefined();
    }
  });

  it('documents the Idempotency-Key header on public mutations', () => {
    for (const def of t.app.routes.filter((d) => d.method !== 'GET' && d.access !== 'admin' && d.access !== 'open')) {
      const op = doc.paths[openApiPath(def)]![def.method.toLowerCase()]!;
      const header = (op.parameters ?? []).find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      expect(header, `${def.method} ${openApiPath(def)}`).toBeDefined();
    }
  });
});
