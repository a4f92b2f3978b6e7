/**
 * The served OpenAPI documents: the public API's (GET /openapi.json) and the admin API's
 * (GET /api/admin/v1/openapi.json), both OpenAPI 3.1, valid against the specification's own
 * JSON schema and clean under Redocly's recommended rules, one operation per route with a
 * unique operationId, the required scope of every public operation stated twice (the
 * bearerAuth requirement's role and `x-required-scope`), the headers the API reads and
 * answers declared once and referenced, and the webhooks the service sends.
 */
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/platform/outbox/events';
import { fullPath, type RouteDef } from '../../src/http/route';
import { DOCUMENT_PATHS, fullPathsOf } from '../support/openapi-doc';
import { startTestApp, type TestApp } from '../support/test-app';

interface Parameter { $ref?: string; name: string; in: string; required?: boolean; description?: string; schema?: unknown }
interface Response { $ref?: string; headers?: Record<string, { $ref?: string }>; content?: Record<string, { schema?: unknown }> }
interface Operation {
  operationId?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, Response>;
  'x-required-scope'?: string;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: Array<{ url: string }>;
  security?: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, { post: Operation }>;
  components?: {
    securitySchemes?: Record<string, { type: string; scheme?: string }>;
    parameters?: Record<string, Parameter>;
    responses?: Record<string, Response>;
    headers?: Record<string, unknown>;
    schemas?: Record<string, unknown>;
  };
}

/** The formats ajv-formats gives a default validator, and OpenAPI's own for numbers and bytes. */
const KNOWN_FORMATS = new Set([...Object.keys(fullFormats), 'int32', 'int64', 'float', 'double', 'binary']);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;

let t: TestApp;
/** The public document, then the admin one, as served (raw text too, for the linter). */
const served: Array<{ path: string; text: string; contentType: string | null; doc: Document }> = [];
let doc: Document;
let adminDoc: Document;

beforeAll(async () => {
  t = await startTestApp();
  for (const path of DOCUMENT_PATHS) {
    // No token: the documents are public.
    const res = await fetch(`${t.baseUrl}${path}`);
    expect(res.status, path).toBe(200);
    const text = await res.text();
    served.push({ path, text, contentType: res.headers.get('content-type'), doc: JSON.parse(text) as Document });
  }
  [doc, adminDoc] = served.map((s) => s.doc) as [Document, Document];
});
afterAll(async () => { await t.close(); });

/** Every operation of a document (both by default), under its full path as a client calls it and the document's own path. */
const operations = (docs: Document[] = [doc, adminDoc]) => docs.flatMap((d) => fullPathsOf(d as never).flatMap(({ fullPath: full, path }) =>
  METHODS.filter((m) => d.paths[path]![m] !== undefined).map((method) => ({ doc: d, path: full, ownPath: path, method, op: d.paths[path]![method]! }))));

/** `/contacts/:contact_id` → `/api/public/v1/contacts/{contact_id}`, the full path as fullPathsOf gives it. */
const openApiPath = (def: RouteDef) => fullPath(def).replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const where = (o: { path: string; method: string }) => `${o.method.toUpperCase()} ${o.path}`;
const operationOf = (def: RouteDef) => operations().find((o) => o.path === openApiPath(def) && o.method === def.method.toLowerCase())?.op;

/** A parameter or response as written, or the component its $ref names. */
const resolved = <T extends { $ref?: string }>(d: Document, item: T): T => {
  if (!item.$ref) return item;
  const [, , kind, name] = item.$ref.split('/');
  return (d.components as Record<string, Record<string, T>>)[kind!]![name!]!;
};
const headerParameter = (d: Document, op: Operation, name: string) =>
  (op.parameters ?? []).map((p) => resolved(d, p)).find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase());

describe('the OpenAPI documents', () => {
  it('are OpenAPI 3.1 documents served as JSON without a token: the public API and the admin API', () => {
    for (const s of served) {
      expect(s.contentType, s.path).toMatch(/^application\/json/);
      expect(s.doc.openapi, s.path).toMatch(/^3\.1\.\d+$/);
      expect(typeof s.doc.info.version).toBe('string');
    }
    expect(doc.info.title).toBe('Bahi public API');
    expect(adminDoc.info.title).toBe('Bahi admin API');
  });

  it('validate against the OpenAPI 3.1 JSON schema', async () => {
    for (const s of served) {
      const validator = new Validator();
      const result = await validator.validate(structuredClone(s.doc) as unknown as Record<string, unknown>);
      expect(result.errors, `${s.path}: ${JSON.stringify(result.errors, null, 2)?.slice(0, 4000)}`).toBeUndefined();
      expect(result.valid).toBe(true);
      expect(validator.version).toMatch(/^3\.1/);
    }
  });

  it('pass Redocly\'s recommended rules without an error', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    for (const s of served) {
      const problems = await lintFromString({ source: s.text, absoluteRef: `${t.baseUrl}${s.path}`, config });
      const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
      expect(errors, s.path).toEqual([]);
    }
  });

  it('write every schema in valid JSON Schema 2020-12, the dialect of OpenAPI 3.1 (the document validator does not look inside schemas)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: Array<[string, unknown]> = [];
    const contentOf = (label: string, content: Record<string, { schema?: unknown }> | undefined) => {
      for (const [type, c] of Object.entries(content ?? {})) schemas.push([`${label} ${type}`, c.schema]);
    };
    const webhookOps = Object.entries(doc.webhooks ?? {}).map(([type, w]) => ({ doc, path: `webhook ${type}`, method: 'post', op: w.post }));
    for (const o of [...operations(), ...webhookOps]) {
      for (const p of o.op.parameters ?? []) schemas.push([`${where(o)} parameter ${p.$ref ?? p.name}`, resolved(o.doc, p).schema]);
      contentOf(`${where(o)} body`, o.op.requestBody?.content);
      for (const [status, r] of Object.entries(o.op.responses ?? {})) contentOf(`${where(o)} ${status}`, resolved(o.doc, r).content);
    }
    for (const s of served) for (const [name, schema] of Object.entries(s.doc.components?.schemas ?? {})) schemas.push([`${s.path} ${name}`, schema]);
    expect(schemas.length).toBeGreaterThan(0);
    const invalid = schemas.filter(([, schema]) => !ajv.validateSchema(schema as object))
      .map(([label]) => `${label}: ${ajv.errorsText(ajv.errors)}`);
    expect(invalid).toEqual([]);
  });

  it('write money without multipleOf 0.01, only formats a default validator knows, and never mix minimum with exclusiveMinimum', () => {
    const problems: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (Array.isArray(node)) node.forEach((n, i) => visit(n, `${at}/${i}`));
      else if (node && typeof node === 'object') {
        const n = node as Record<string, unknown>;
        if (n.multipleOf === 0.01) problems.push(`${at}: multipleOf 0.01`);
        if (n.minimum !== undefined && n.exclusiveMinimum !== undefined) problems.push(`${at}: minimum with exclusiveMinimum`);
        if (typeof n.format === 'string' && !KNOWN_FORMATS.has(n.format)) problems.push(`${at}: format ${n.format}`);
        // Examples are data, not schemas: a bank statement's own `format` field (CSV) is no schema format.
        for (const [k, v] of Object.entries(n)) if (k !== 'example' && k !== 'examples') visit(v, `${at}/${k}`);
      }
    };
    for (const s of served) visit(s.doc, s.path);
    expect(problems).toEqual([]);
  });

  it('give every operation an operationId, each used once across both documents and the webhooks', () => {
    const all = [...operations(), ...Object.entries(doc.webhooks ?? {}).map(([type, w]) => ({ path: `webhook ${type}`, method: 'post', op: w.post }))];
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

  it('list every route the server serves, under its own operationId, admin routes in the admin document only, and nothing else', () => {
    const key = (method: string, path: string) => `${method.toLowerCase()} ${path}`;
    for (const [d, admin] of [[doc, false], [adminDoc, true]] as const) {
      const routes = t.app.routes.filter((def) => (def.access === 'admin') === admin);
      const listed = new Map(operations([d]).map((o) => [key(o.method, o.path), o.op.operationId]));
      const missing = routes.filter((def) => listed.get(key(def.method, openApiPath(def))) !== def.operationId)
        .map((def) => `${def.method} ${openApiPath(def)} (${def.operationId})`);
      expect(missing, d.info.title).toEqual([]);
      const known = new Set(routes.map((def) => key(def.method, openApiPath(def))));
      expect([...listed.keys()].filter((k) => !known.has(k)), d.info.title).toEqual([]);
    }
  });

  it('name their servers (the public and admin prefixes) and a global security requirement', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/api/public/v1' })]);
    expect(adminDoc.servers).toEqual([expect.objectContaining({ url: '/api/admin/v1' })]);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(adminDoc.security).toEqual([{ adminAuth: [] }]);
  });

  it('state the required scope of every public operation as x-required-scope and as its bearerAuth role', () => {
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const byKey = new Map(t.app.routes.map((def) => [`${def.method.toLowerCase()} ${openApiPath(def)}`, def]));
    const publicOps = operations([doc]).filter((o) => byKey.get(`${o.method} ${o.path}`)!.access !== 'open');
    expect(publicOps.length).toBeGreaterThan(0);
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
      // 'any-token' (e.g. /whoami) needs a valid token and no particular scope; a route may require a second one.
      expect(bearer, `${where(o)} bearerAuth roles`).toEqual(scope === 'any-token' ? [] : [scope, ...(def.alsoRequires ? [def.alsoRequires] : [])]);
    }
  });

  it('mark admin operations with adminAuth, and open ones with no security, served from the root', () => {
    expect(adminDoc.components?.securitySchemes?.adminAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components?.securitySchemes?.adminAuth).toBeUndefined();
    for (const def of t.app.routes.filter((d) => d.access === 'admin' || d.access === 'open')) {
      const op = operationOf(def)!;
      expect(op.security, `${def.method} ${openApiPath(def)}`).toEqual(def.access === 'admin' ? [{ adminAuth: [] }] : []);
    }
  });

  it('declare each path parameter as a required path parameter with a schema, and nothing that is not in the path', () => {
    for (const o of operations()) {
      const inPath = [...o.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).sort();
      const declared = (o.op.parameters ?? []).map((p) => resolved(o.doc, p)).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${where(o)} path parameters`).toEqual(inPath);
      for (const p of declared) {
        expect(p.required, `${where(o)} ${p.name} must be required`).toBe(true);
        expect(p.schema, `${where(o)} ${p.name} has no schema`).toBeTypeOf('object');
      }
    }
  });

  it('declare the query parameters and the JSON request body of each route', () => {
    for (const def of t.app.routes) {
      const op = operationOf(def)!;
      const label = `${def.method} ${openApiPath(def)}`;
      const queryNames = Object.keys(((def.query as { properties?: object } | undefined)?.properties) ?? {}).sort();
      const declared = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name).sort();
      expect(declared, `${label} query parameters`).toEqual(queryNames);
      if (def.body || def.streamedJson) expect(op.requestBody?.content?.['application/json']?.schema, `${label} request body`).toBeTypeOf('object');
      else if (def.multipart) expect(op.requestBody?.content?.['multipart/form-data']?.schema, `${label} form`).toBeTypeOf('object');
      else expect(op.requestBody, `${label} has a request body it does not take`).toBeUndefined();
    }
  });

  it('declare Idempotency-Key on public mutations, required where the spec makes it mandatory, and say when the preference waives it', () => {
    for (const def of t.app.routes.filter((d) => d.method !== 'GET' && !['admin', 'open', 'signed-url'].includes(d.access))) {
      const label = `${def.method} ${openApiPath(def)}`;
      const op = operationOf(def)!;
      const header = headerParameter(doc, op, 'Idempotency-Key');
      expect(header, label).toBeDefined();
      expect((op.parameters ?? []).every((p) => p.$ref?.startsWith('#/components/parameters/') || p.in !== 'header'), `${label} header parameters by $ref`).toBe(true);
      expect(header!.required ?? false, label).toBe(def.idempotency === 'required');
      if (def.idempotency === 'required') expect(header!.description).toMatch(/requireIdempotencyKey. is false/);
    }
    for (const def of t.app.routes.filter((d) => d.method === 'GET' || ['admin', 'open', 'signed-url'].includes(d.access))) {
      expect(headerParameter(def.access === 'admin' ? adminDoc : doc, operationOf(def)!, 'Idempotency-Key'), `${def.method} ${openApiPath(def)}`).toBeUndefined();
    }
  });

  it('declare X-Svc-Org on every operation that takes a bearer token', () => {
    for (const def of t.app.routes) {
      const op = operationOf(def)!;
      const takesToken = !['admin', 'open', 'signed-url'].includes(def.access);
      const header = headerParameter(def.access === 'admin' ? adminDoc : doc, op, 'X-Svc-Org');
      expect(header !== undefined, `${def.method} ${openApiPath(def)}`).toBe(takesToken);
      if (header) expect(header.required ?? false).toBe(false);
    }
  });

  it('declare the response headers: X-Request-Id on every answer, the rate limit on token operations, Idempotent-Replayed on keyed mutations, Retry-After on 429 and 503', () => {
    expect(Object.keys(doc.components?.headers ?? {}).length).toBeGreaterThan(0);
    for (const def of t.app.routes) {
      const d = def.access === 'admin' ? adminDoc : doc;
      const takesToken = !['admin', 'open', 'signed-url'].includes(def.access);
      for (const [status, r] of Object.entries(operationOf(def)!.responses ?? {})) {
        const label = `${def.method} ${openApiPath(def)} ${status}`;
        const headers = resolved(d, r).headers ?? {};
        expect(Object.values(headers).every((h) => h.$ref?.startsWith('#/components/headers/')), `${label} headers by $ref`).toBe(true);
        const names = Object.keys(headers);
        expect(names, label).toContain('X-Request-Id');
        if (takesToken && status !== '401') expect(names, label).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
        if (takesToken && def.method !== 'GET' && Number(status) < 500) expect(names, label).toContain('Idempotent-Replayed');
        if (status === '429' || status === '503') expect(names, label).toContain('Retry-After');
      }
    }
  });

  it('describe every webhook the service sends: its body schema and the signature headers', () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) {
      const post = doc.webhooks![type]!.post;
      expect(post.requestBody?.content?.['application/json']?.schema, type).toBeTypeOf('object');
      const names = (post.parameters ?? []).map((p) => resolved(doc, p)).filter((p) => p.required).map((p) => p.name);
      expect(names, type).toEqual(['X-Svc-Event', 'X-Svc-Delivery', 'X-Svc-Timestamp', 'X-Svc-Signature']);
    }
  });
});
