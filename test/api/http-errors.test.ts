import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The HTTP envelope of failures (public-api.md Errors; docs/rules/errors-and-validation.md "One rule for every
 * endpoint"): status, code, the exact error keys, request ids, field paths.
 */

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

const ERROR_KEYS = new Set(['code', 'message', 'field', 'details', 'request_id', 'errors']);

/** Exactly the spec's error keys, each of the right type, and request_id matching the header. */
function expectErrorBody(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = res.body as Record<string, unknown>;
  for (const key of Object.keys(body)) expect(ERROR_KEYS.has(key), `unexpected key ${key}`).toBe(true);
  expect(body.code).toBe(code);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(body.request_id).toBe(res.headers.get('x-request-id'));
  if ('field' in body) expect(typeof body.field).toBe('string');
  if ('details' in body) expect(body.details).toBeTypeOf('object');
  if ('errors' in body) {
    expect(Array.isArray(body.errors)).toBe(true);
    expect((body.errors as unknown[]).length).toBeGreaterThan(0);
    for (const e of body.errors as Record<string, unknown>[]) {
      expect(Object.keys(e).sort()).toEqual(['code', 'field', 'message']);
    }
  }
  return body;
}

describe('request bodies that are not usable JSON', () => {
  it('answers malformed JSON with 400 validation.invalid_value, saying where it stops being JSON', async () => {
    const res = await org.api.post('/contacts', undefined, { rawBody: '{"contact_name": ' });
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    expect(body.field).toBe('body');
    expect(body.message).toBe('The body is not valid JSON: it ends at line 1, column 18 (character 18) before the JSON value is complete');
    expect(body.details).toEqual({ line: 1, column: 18, offset: 17 });
  });

  it('names the line and column of a fault inside a body of several lines', async () => {
    const res = await org.api.post('/contacts', undefined, { rawBody: '{\n  "contact_name": "Asha"\n  "contact_type": "CUSTOMER"\n}' });
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    expect(body.message).toBe('The body is not valid JSON: unexpected "\\"" at line 3, column 3 (character 30)');
    expect(body.details).toEqual({ line: 3, column: 3, offset: 29 });
  });

  it('refuses a prototype key in valid JSON, saying so', async () => {
    const res = await org.api.post('/contacts', undefined, { rawBody: '{"contact_name": "Proto", "__proto__": {"x": 1}}' });
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    expect(body).toMatchObject({ field: 'body', message: expect.stringContaining('__proto__') });
  });

  it('answers an empty JSON body with 400 validation.invalid_value', async () => {
    const res = await org.api.post('/contacts', undefined, { rawBody: '' });
    expectErrorBody(res, 400, 'validation.invalid_value');
  });

  it('answers a JSON value that is not an object with 400 on body', async () => {
    const res = await org.api.post('/contacts', ['Asha Traders']);
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    expect(body.field).toBe('body');
  });

  it('answers a missing body with 400', async () => {
    const res = await org.api.post('/contacts');
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    expect(body.field).toBe('body');
  });

  it.each([
    ['text/plain', 'Asha Traders'],
    ['text/plain', '{"contact_name":"Asha Traders"}'],
    ['application/xml', '<contact><contact_name>Asha</contact_name></contact>'],
    ['application/x-www-form-urlencoded', 'contact_name=Asha'],
  ])('answers a %s body with 415 validation.invalid_value on Content-Type, writing nothing', async (type, raw) => {
    const fresh = await t.given.org();
    const res = await fresh.api.post('/contacts', undefined, { rawBody: raw, headers: { 'content-type': type } });
    const body = expectErrorBody(res, 415, 'validation.invalid_value');
    expect(body.field).toBe('Content-Type');
    expect((await fresh.api.get('/contacts')).body.contacts).toEqual([]);
  });

  it('accepts application/json with a charset', async () => {
    const res = await org.api.post('/contacts', undefined, {
      rawBody: JSON.stringify({ contact_name: 'Charset Co' }), headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.status).toBe(201);
  });
});

describe('the body size limit (BAHI_BODY_LIMIT_BYTES)', () => {
  let small: TestApp;
  let smallOrg: OrgFixture;
  beforeAll(async () => {
    small = await startTestApp({ BAHI_BODY_LIMIT_BYTES: '1024' });
    smallOrg = await small.given.org();
  });
  afterAll(async () => { await small.close(); });

  it('accepts a body within the limit', async () => {
    const res = await smallOrg.api.post('/contacts', { contact_name: 'n'.repeat(150), website: 'w'.repeat(200) });
    expect(JSON.stringify({ contact_name: 'n'.repeat(150), website: 'w'.repeat(200) }).length).toBeLessThan(1024);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('answers a body over the limit with 413 validation.invalid_value', async () => {
    const payload = { contact_name: 'Too big', billing_address: { address: 'a'.repeat(490) }, shipping_address: { address: 'b'.repeat(490) }, website: 'c'.repeat(200) };
    expect(JSON.stringify(payload).length).toBeGreaterThan(1024);
    const res = await smallOrg.api.post('/contacts', payload);
    expectErrorBody(res, 413, 'validation.invalid_value');
    expect((await smallOrg.api.get('/contacts')).body.contacts.map((c: { contact_name: string }) => c.contact_name)).not.toContain('Too big');
  });

  it('answers a chunked body (no Content-Length) that grows over the limit with 413 too', async () => {
    const url = new URL(`${small.baseUrl}/api/public/v1/contacts`);
    const res = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${smallOrg.token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      }, (response) => {
        let text = '';
        response.on('data', (c: Buffer) => { text += c.toString(); });
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
      });
      req.on('error', reject);
      req.write('{"contact_name":"');
      for (let i = 0; i < 8; i++) req.write('x'.repeat(256));
      req.end('"}');
    });
    expect(res.status).toBe(413);
    const body = JSON.parse(res.body);
    expect(body.code).toBe('validation.invalid_value');
    expect(body.request_id).toBe(res.headers['x-request-id']);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/public/v1/nothing-here'],
    ['GET', '/nothing'],
    ['PATCH', '/api/public/v1/contacts'],
    ['POST', '/api/public/v2/contacts'],
  ])('answer %s %s with a JSON 404 not_found.route', async (method, path) => {
    const response = await fetch(t.baseUrl + path, { method, headers: { authorization: `Bearer ${org.token}` } });
    const res = { status: response.status, headers: response.headers, body: await response.json() };
    const body = expectErrorBody(res, 404, 'not_found.route');
    expect(body.message).toContain(path);
  });

  it('answer without credentials with the same 404', async () => {
    const response = await fetch(`${t.baseUrl}/api/public/v1/nothing-here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe('not_found.route');
  });
});

describe('X-Request-Id', () => {
  const REQ_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;

  it('is on every response: success, error, 404, health, the OpenAPI document', async () => {
    const responses = [
      await fetch(`${t.baseUrl}/api/public/v1/contacts`, { headers: { authorization: `Bearer ${org.token}` } }),
      await fetch(`${t.baseUrl}/api/public/v1/contacts`),
      await fetch(`${t.baseUrl}/api/public/v1/contacts/con_missing`, { headers: { authorization: `Bearer ${org.token}` } }),
      await fetch(`${t.baseUrl}/no/such/route`),
      await fetch(`${t.baseUrl}/healthz`),
      await fetch(`${t.baseUrl}/openapi.json`),
      await fetch(`${t.baseUrl}/api/admin/v1/clock`, { headers: { authorization: 'Bearer wrong' } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 404, 200, 200, 401]);
    const ids = responses.map((r) => r.headers.get('x-request-id'));
    for (const id of ids) expect(id).toMatch(REQ_ID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echoes a caller's sane X-Request-Id in the header, the error body and on health", async () => {
    const given = 'client-trace_01:ABC.def';
    const ok = await org.api.get('/contacts', { headers: { 'x-request-id': given } });
    expect(ok.headers.get('x-request-id')).toBe(given);
    const failed = await org.api.get('/contacts/con_missing', { headers: { 'x-request-id': given } });
    expect(failed.headers.get('x-request-id')).toBe(given);
    expect(failed.body.request_id).toBe(given);
    const health = await fetch(`${t.baseUrl}/healthz`, { headers: { 'x-request-id': given } });
    expect(health.headers.get('x-request-id')).toBe(given);
  });

  it.each([
    ['a space', 'has space'],
    ['129 characters', 'r'.repeat(129)],
    ['a slash', 'a/b'],
    ['an empty value', ''],
  ])('replaces a caller id with %s by a minted one', async (_label, given) => {
    const res = await org.api.get('/contacts/con_missing', { headers: { 'x-request-id': given } });
    expect(res.headers.get('x-request-id')).toMatch(REQ_ID);
    expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
  });
});

describe('error bodies carry exactly the spec keys', () => {
  it.each<[string, () => Promise<ApiResponse>, number, string]>([
    ['no token', () => t.api.get('/contacts'), 401, 'authn.token_invalid'],
    ['unknown token', () => t.api.get('/contacts', { token: 'bahi_pat_nope' }), 401, 'authn.token_invalid'],
    ['missing scope', async () => {
      const narrow = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'], user_id: org.userId });
      return t.api.get('/contacts', { token: narrow.token });
    }, 403, 'authz.scope_missing'],
    ['unknown id', () => org.api.get('/contacts/con_00000000000000000000000000'), 404, 'not_found.resource'],
    ['bad query', () => org.api.get('/contacts?per_page=0'), 400, 'validation.invalid_value'],
    ['bad cursor', () => org.api.get('/contacts?cursor=forged'), 400, 'validation.invalid_value'],
    ['path id of another form (names nothing)', () => org.api.get('/contacts/not-an-id!'), 404, 'not_found.resource'],
    ['missing field', () => org.api.post('/contacts', {}), 400, 'validation.required_field'],
    ['bad key', () => org.api.post('/contacts', { contact_name: 'X' }, { idempotencyKey: 'bad key' }), 400, 'validation.invalid_value'],
    ['admin secret wrong', () => t.admin.withToken('nope').get('/clock'), 401, 'authn.token_invalid'],
  ])('%s', async (_label, call, status, code) => {
    expectErrorBody(await call(), status, code);
  });

  it('names the failing field of a query, a path parameter and a cursor', async () => {
    expect((await org.api.get('/contacts?per_page=201')).body.field).toBe('per_page');
    expect((await org.api.get('/contacts?contact_type=PARTNER')).body.field).toBe('contact_type');
    expect((await org.api.get('/contacts?cursor=forged')).body.field).toBe('cursor');
    expect((await org.api.get('/contacts/not-an-id!')).body.field).toBe('contact_id');
    expect((await org.api.get('/contacts?colour=blue')).body.field).toBe('colour');
  });
});

describe('body validation', () => {
  it('lists every failing field in errors[], the first one also as code and field', async () => {
    const res = await org.api.post('/contacts', {
      contact_name: 42,
      email: 'not-an-email',
      payment_terms: -1,
      opening_balance: 10.005,
      contact_type: 'PARTNER',
      favourite_colour: 'blue',
    });
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    const errors = body.errors as { field: string; code: string; message: string }[];
    expect(errors.map((e) => e.field).sort()).toEqual(
      ['contact_name', 'contact_type', 'email', 'favourite_colour', 'opening_balance', 'payment_terms'],
    );
    for (const e of errors) {
      expect(e.code).toBe('validation.invalid_value');
      expect(e.message).toContain(e.field);
    }
    expect(body.field).toBe(errors[0]!.field);
    expect(body.message).toBe(errors[0]!.message);
  });

  it('reports a missing required field as validation.required_field beside invalid values', async () => {
    const res = await org.api.post('/contacts', { email: 'nope' });
    const body = expectErrorBody(res, 400, res.body.code);
    const errors = body.errors as { field: string; code: string }[];
    expect(body.code).toBe(errors[0]!.code);
    expect(body.field).toBe(errors[0]!.field);
    expect(errors).toContainEqual(expect.objectContaining({ field: 'contact_name', code: 'validation.required_field' }));
    expect(errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'validation.invalid_value' }));
    expect(errors).toHaveLength(2);
  });

  it('reports a lone missing field as 400 validation.required_field with its field', async () => {
    const body = expectErrorBody(await org.api.post('/contacts', { email: 'a@example.com' }), 400, 'validation.required_field');
    expect(body.field).toBe('contact_name');
    expect(body.errors).toEqual([{ field: 'contact_name', code: 'validation.required_field', message: 'contact_name is required' }]);
  });

  it('names nested fields with paths like contact_persons[1].email and billing_address.city', async () => {
    const res = await org.api.post('/contacts', {
      contact_name: 'Nested',
      billing_address: { city: 'c'.repeat(101), planet: 'Mars' },
      contact_persons: [{ first_name: 'Ok' }, { first_name: 'Bad', email: 'nope' }, { is_primary: 'yes' }],
    });
    const body = expectErrorBody(res, 400, 'validation.invalid_value');
    const fields = (body.errors as { field: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['billing_address.city', 'billing_address.planet', 'contact_persons[1].email', 'contact_persons[2].is_primary']);
  });

  it('does not coerce body types: "5" is not 5', async () => {
    const body = expectErrorBody(await org.api.post('/contacts', { contact_name: 'Strict', payment_terms: '5' }), 400, 'validation.invalid_value');
    expect(body.field).toBe('payment_terms');
  });
});
