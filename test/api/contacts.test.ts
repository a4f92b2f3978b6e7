import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse, HttpClient } from '../support/http-client';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Contacts through the real HTTP stack (public-api.md: "Contact", "Contacts", "Errors",
 * "Pagination forms", "Place of supply"; docs/rules/errors-and-validation.md).
 */

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t?.close(); });

/** A real GSTIN (Maharashtra, PAN AAPFU0939F), and the same one with a wrong check character. */
const GSTIN = '27AAPFU0939F1ZV';
const GSTIN_BAD_CHECK = `${GSTIN.slice(0, 14)}${GSTIN.endsWith('A') ? 'B' : 'A'}`;

/** An id of the right shape that no organisation has. */
const unknownId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').toUpperCase().slice(0, 26)}`;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

async function create(api: HttpClient, body: Json): Promise<Json> {
  const res = await api.post('/contacts', body);
  if (res.status !== 201) throw new Error(`create contact: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contact;
}

async function get(api: HttpClient, id: string): Promise<Json> {
  const res = await api.get(`/contacts/${id}`);
  expect(res.status).toBe(200);
  return res.body.contact;
}

/** Every contact of the org, walking the cursor with the largest page. */
async function listAll(api: HttpClient, query = ''): Promise<Json[]> {
  const out: Json[] = [];
  let cursor: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const res: ApiResponse = await api.get(`/contacts?per_page=200${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status).toBe(200);
    out.push(...res.body.contacts);
    if (!res.body.page_context.has_more_page) return out;
    cursor = res.body.page_context.next_cursor;
  }
  throw new Error('cursor walk did not end');
}

const count = async (api: HttpClient) => (await listAll(api)).length;

async function activityOf(api: HttpClient, id: string): Promise<Json[]> {
  const res = await api.get(`/activity?entity_type=CONTACT&entity_id=${id}`);
  expect(res.status).toBe(200);
  return res.body.activity;
}

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.code, field: res.body?.field }, JSON.stringify(res.body))
    .toEqual({ status, code, field });
  expect(typeof res.body.message).toBe('string');
  expect(typeof res.body.request_id).toBe('string');
}

const without = (o: Json, ...keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

/** A body that sets every field a caller may set on create. */
const fullBody = (): Json => ({
  contact_name: 'Kaveri Textiles',
  contact_type: 'VENDOR',
  display_name: 'Kaveri',
  legal_name: 'Kaveri Textiles Private Limited',
  company_name: 'Kaveri Textiles Pvt Ltd',
  gst_no: GSTIN,
  pan: 'AAPFU0939F',
  gst_treatment: 'REGISTERED',
  place_of_contact: 'IN-MH',
  email: 'accounts@kaveri.example',
  phone: '+91 22 4000 1234',
  website: 'https://kaveri.example',
  billing_address: { address: '12 Mill Road', city: 'Mumbai', state_code: 'IN-MH', zip: '400001', country: 'India' },
  shipping_address: { address: 'Plot 7, MIDC', city: 'Pune', state_code: 'IN-MH', zip: '411019', country: 'India' },
  contact_persons: [
    { first_name: 'Meera', last_name: 'Iyer', email: 'meera@kaveri.example', phone: '+91 98200 00001', is_primary: true },
    { first_name: 'Ravi', last_name: 'Shah', email: 'ravi@kaveri.example', phone: '+91 98200 00002', is_primary: false },
  ],
  payment_terms: 45,
  // Read-only (its opening items'): a new contact's is 0, and sending 0 is accepted.
  opening_balance: 0,
  credit_limit: 500000,
  currency_code: 'INR',
});

describe('POST /contacts', () => {
  it('needs only contact_name and fills sensible defaults', async () => {
    const org = await t.given.org({ state_code: 'IN-KA' });
    const res = await org.api.post('/contacts', { contact_name: 'Asha Traders' });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe(0);
    expect(typeof res.body.message).toBe('string');
    const c = res.body.contact;
    expect(c.contact_id).toMatch(/^con_[0-9A-Z]+$/);
    expect(c).toMatchObject({
      contact_name: 'Asha Traders',
      contact_type: 'CUSTOMER',
      status: 'ACTIVE',
      display_name: null,
      legal_name: null,
      company_name: null,
      gst_no: null,
      pan: null,
      gst_treatment: 'UNREGISTERED',
      // Not nullable in the spec: without a GSTIN to derive it from, the organisation's own state.
      place_of_contact: 'IN-KA',
      email: null,
      phone: null,
      website: null,
      billing_address: null,
      shipping_address: null,
      contact_persons: [],
      payment_terms: 0,
      opening_balance: 0,
      credit_limit: null,
      currency_code: 'INR',
    });
    expect(c.created_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(c.last_modified_time).toBe(c.created_time);
    expect(await get(org.api, c.contact_id)).toEqual(c);
  });

  it.each([
    ['no body fields', {}],
    ['other fields but no contact_name', { email: 'a@b.example', contact_type: 'VENDOR' }],
  ])('refuses %s with 400 validation.required_field contact_name, writing nothing', async (_label, body) => {
    const org = await t.given.org();
    const res = await org.api.post('/contacts', body);
    expectError(res, 400, 'validation.required_field', 'contact_name');
    expect(await count(org.api)).toBe(0);
  });

  it('round-trips every field through create, get and list', async () => {
    const org = await t.given.org();
    const body = fullBody();
    const created = await create(org.api, body);
    const { contact_persons: persons, ...scalars } = body;
    expect(created).toMatchObject({ ...scalars, status: 'ACTIVE' });
    expect(created.contact_persons).toHaveLength(2);
    created.contact_persons.forEach((p: Json, i: number) => {
      expect(p.contact_person_id).toMatch(/^cp_/);
      expect(without(p, 'contact_person_id')).toEqual(persons[i]);
    });
    expect(await get(org.api, created.contact_id)).toEqual(created);
    expect(await listAll(org.api)).toEqual([created]);
  });

  it('makes the first contact person primary when none is marked', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'P', contact_persons: [{ first_name: 'A' }, { first_name: 'B' }] });
    expect(c.contact_persons.map((p: Json) => [p.first_name, p.is_primary])).toEqual([['A', true], ['B', false]]);
  });

  it('refuses two primary contact persons with 400 on contact_persons, writing nothing', async () => {
    const org = await t.given.org();
    const res = await org.api.post('/contacts', {
      contact_name: 'Two Heads', contact_persons: [{ first_name: 'A', is_primary: true }, { first_name: 'B', is_primary: true }],
    });
    expectError(res, 400, 'validation.invalid_value', 'contact_persons');
    expect(await count(org.api)).toBe(0);
  });

  it('refuses a contact_person_id on create (the contact has no persons yet)', async () => {
    const org = await t.given.org();
    const other = await create(org.api, { contact_name: 'Other', contact_persons: [{ first_name: 'X' }] });
    const res = await org.api.post('/contacts', {
      contact_name: 'Thief', contact_persons: [{ contact_person_id: other.contact_persons[0].contact_person_id, first_name: 'Y' }],
    });
    expectError(res, 400, 'validation.invalid_value', 'contact_persons[0].contact_person_id');
    expect(await count(org.api)).toBe(1);
  });
});

describe('limits, scopes and retries', () => {
  it('refuses more than 50 contact persons with 400 on contact_persons', async () => {
    const org = await t.given.org();
    const persons = Array.from({ length: 51 }, (_, i) => ({ first_name: `P${i}` }));
    expectError(await org.api.post('/contacts', { contact_name: 'Crowd', contact_persons: persons }), 400, 'validation.invalid_value', 'contact_persons');
    const ok = await create(org.api, { contact_name: 'Fifty', contact_persons: persons.slice(0, 50) });
    expect(ok.contact_persons).toHaveLength(50);
    expect(ok.contact_persons.map((p: Json) => p.first_name)).toEqual(persons.slice(0, 50).map((p) => p.first_name));
    expect(await count(org.api)).toBe(1);
  });

  it('replays a create sent twice with the same Idempotency-Key instead of creating twice', async () => {
    const org = await t.given.org();
    const key = `contacts-${Math.random().toString(36).slice(2)}`;
    const first = await org.api.post('/contacts', { contact_name: 'Once' }, { idempotencyKey: key });
    const second = await org.api.post('/contacts', { contact_name: 'Once' }, { idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.contact.contact_id).toBe(first.body.contact.contact_id);
    expect(await count(org.api)).toBe(1);
  });

  it('needs Svc.contacts.CREATE, UPDATE and DELETE to write, and READ to read', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Guarded' });
    const reader = org.api.withToken((await t.given.token([org.orgId], { scopes: ['Svc.contacts.READ'], user_id: org.userId })).token);
    expect((await reader.get(`/contacts/${c.contact_id}`)).status).toBe(200);
    expect((await reader.get('/contacts')).status).toBe(200);
    expectError(await reader.post('/contacts', { contact_name: 'Nope' }), 403, 'authz.scope_missing');
    expectError(await reader.put(`/contacts/${c.contact_id}`, { contact_name: 'Nope' }), 403, 'authz.scope_missing');
    expectError(await reader.post(`/contacts/${c.contact_id}/archive`), 403, 'authz.scope_missing');
    expectError(await reader.delete(`/contacts/${c.contact_id}`), 403, 'authz.scope_missing');
    const writer = org.api.withToken((await t.given.token([org.orgId], { scopes: ['Svc.contacts.CREATE'], user_id: org.userId })).token);
    expectError(await writer.get('/contacts'), 403, 'authz.scope_missing');
    expect(await get(org.api, c.contact_id)).toEqual(c);
    expect(await count(org.api)).toBe(1);
  });
});

describe('GSTIN', () => {
  it('accepts a valid GSTIN and derives PAN, place_of_contact and gst_treatment from it', async () => {
    const org = await t.given.org({ state_code: 'IN-KA' });
    const c = await create(org.api, { contact_name: 'Maharashtra Co', gst_no: GSTIN });
    expect(c).toMatchObject({ gst_no: GSTIN, pan: 'AAPFU0939F', place_of_contact: 'IN-MH', gst_treatment: 'REGISTERED' });
  });

  it('normalises a lower-case GSTIN to upper case', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Lower', gst_no: GSTIN.toLowerCase() });
    expect(c).toMatchObject({ gst_no: GSTIN, pan: 'AAPFU0939F' });
  });

  it('keeps an explicitly given PAN, place_of_contact and gst_treatment over the derived ones', async () => {
    const org = await t.given.org();
    const c = await create(org.api, {
      contact_name: 'Explicit', gst_no: GSTIN, pan: 'abcde1234f', place_of_contact: 'Goa', gst_treatment: 'SEZ',
    });
    expect(c).toMatchObject({ gst_no: GSTIN, pan: 'ABCDE1234F', place_of_contact: 'IN-GA', gst_treatment: 'SEZ' });
  });

  it.each([
    ['a wrong check character', GSTIN_BAD_CHECK],
    ['a wrong length', '27AAPFU0939F1Z'],
    ['a broken layout', '27AAPFU0939FFZV'],
    ['an unknown state code', `00${GSTIN.slice(2)}`],
  ])('refuses %s with 400 validation.invalid_value on gst_no, writing nothing', async (_label, gstNo) => {
    const org = await t.given.org();
    const res = await org.api.post('/contacts', { contact_name: 'Bad GSTIN', gst_no: gstNo });
    expectError(res, 400, 'validation.invalid_value', 'gst_no');
    expect(await count(org.api)).toBe(0);
  });

  it('validates gst_no on update too, changing nothing when refused', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Keeps', gst_no: GSTIN });
    const res = await org.api.put(`/contacts/${c.contact_id}`, { gst_no: GSTIN_BAD_CHECK, email: 'x@y.example' });
    expectError(res, 400, 'validation.invalid_value', 'gst_no');
    expect(await get(org.api, c.contact_id)).toEqual(c);
  });

  it('takes the PAN of a GSTIN set on update when no PAN is sent', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Later Registered' });
    expect(c.pan).toBeNull();
    const res = await org.api.put(`/contacts/${c.contact_id}`, { gst_no: '04AABFN9870CMZT' });
    expect(res.status).toBe(200);
    expect(res.body.contact).toMatchObject({ gst_no: '04AABFN9870CMZT', pan: 'AABFN9870C' });
  });
});

describe('place_of_contact', () => {
  it.each([
    ['29', 'IN-KA'],
    ['Karnataka', 'IN-KA'],
    ['karnataka', 'IN-KA'],
    ['29-Karnataka', 'IN-KA'],
    ['IN-KA', 'IN-KA'],
    ['in-ka', 'IN-KA'],
    ['IN-UT', 'IN-UK'],
    ['Jammu & Kashmir', 'IN-JK'],
    ['27', 'IN-MH'],
  ])('accepts %j and stores %s', async (input, canonical) => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: `POC ${input}`, place_of_contact: input });
    expect(c.place_of_contact).toBe(canonical);
    expect((await get(org.api, c.contact_id)).place_of_contact).toBe(canonical);
    const moved = await org.api.put(`/contacts/${c.contact_id}`, { place_of_contact: input === '27' ? '33' : '27' });
    expect(moved.body.contact.place_of_contact).toBe(input === '27' ? 'IN-TN' : 'IN-MH');
  });

  it.each(['IN-IN', 'Atlantis', '99', '29-Goa', 'IN-XX'])(
    'answers 422 validation.invalid_value on place_of_contact for %j, writing nothing',
    async (input) => {
      const org = await t.given.org();
      const res = await org.api.post('/contacts', { contact_name: 'Nowhere', place_of_contact: input });
      expectError(res, 422, 'validation.invalid_value', 'place_of_contact');
      expect(await count(org.api)).toBe(0);
    },
  );

  it('answers 422 for an unresolvable place_of_contact on update, changing nothing', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Stays', place_of_contact: 'IN-GA' });
    const res = await org.api.put(`/contacts/${c.contact_id}`, { place_of_contact: 'IN-IN', phone: '123' });
    expectError(res, 422, 'validation.invalid_value', 'place_of_contact');
    expect(await get(org.api, c.contact_id)).toEqual(c);
  });

  it('normalises address state codes and answers 422 on an unresolvable one', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Addr', billing_address: { city: 'Bengaluru', state_code: '29-Karnataka' } });
    expect(c.billing_address).toEqual({ address: null, city: 'Bengaluru', state_code: 'IN-KA', zip: null, country: null });
    const bad = await org.api.post('/contacts', { contact_name: 'Bad addr', shipping_address: { state_code: 'IN-IN' } });
    expectError(bad, 422, 'validation.invalid_value', 'shipping_address.state_code');
    const badUpdate = await org.api.put(`/contacts/${c.contact_id}`, { billing_address: { state_code: 'Narnia' } });
    expectError(badUpdate, 422, 'validation.invalid_value', 'billing_address.state_code');
    expect(await get(org.api, c.contact_id)).toEqual(c);
    expect(await count(org.api)).toBe(1);
  });
});

describe('money fields', () => {
  it('round-trips 19.99 exactly and other two-decimal amounts', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Money', credit_limit: 0.07 });
    expect(c.credit_limit).toBe(0.07);
    const again = await get(org.api, c.contact_id);
    expect(again.credit_limit).toBe(0.07);
    const updated = await org.api.put(`/contacts/${c.contact_id}`, { credit_limit: 1234567.89 });
    expect(updated.body.contact).toMatchObject({ credit_limit: 1234567.89 });
  });

  it.each([
    ['opening_balance', 1.234],
    ['opening_balance', 1.005],
    ['credit_limit', 10.001],
  ])('refuses %s %d (more than two decimals) with 400 on that field, writing nothing', async (field, value) => {
    const org = await t.given.org();
    const res = await org.api.post('/contacts', { contact_name: 'Fractions', [field]: value });
    expectError(res, 400, 'validation.invalid_value', field);
    expect(await count(org.api)).toBe(0);
  });

  it('refuses more than two decimals on update, changing nothing', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Stable' });
    const res = await org.api.put(`/contacts/${c.contact_id}`, { opening_balance: 1.234 });
    expectError(res, 400, 'validation.invalid_value', 'opening_balance');
    expect(await get(org.api, c.contact_id)).toEqual(c);
  });
});

describe('input validation writes nothing', () => {
  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['contact_name of the wrong type', { contact_name: 123 }, 'contact_name'],
    ['an empty contact_name', { contact_name: '' }, 'contact_name'],
    ['an oversized contact_name', { contact_name: long(201) }, 'contact_name'],
    ['an oversized display_name', { contact_name: 'A', display_name: long(201) }, 'display_name'],
    ['an oversized website', { contact_name: 'A', website: long(256) }, 'website'],
    ['an oversized address line', { contact_name: 'A', billing_address: { address: long(501) } }, 'billing_address.address'],
    ['an unknown field', { contact_name: 'A', nickname: 'B' }, 'nickname'],
    ['an unknown address field', { contact_name: 'A', billing_address: { street: 'Main' } }, 'billing_address.street'],
    ['an unknown contact person field', { contact_name: 'A', contact_persons: [{ first_name: 'B', age: 3 }] }, 'contact_persons[0].age'],
    ['an unknown contact_type', { contact_name: 'A', contact_type: 'PARTNER' }, 'contact_type'],
    ['a lower-case contact_type', { contact_name: 'A', contact_type: 'customer' }, 'contact_type'],
    ['an unknown gst_treatment', { contact_name: 'A', gst_treatment: 'MAYBE' }, 'gst_treatment'],
    ['a status on create', { contact_name: 'A', status: 'INACTIVE' }, 'status'],
    ['payment_terms as a string', { contact_name: 'A', payment_terms: '30' }, 'payment_terms'],
    ['fractional payment_terms', { contact_name: 'A', payment_terms: 1.5 }, 'payment_terms'],
    ['negative payment_terms', { contact_name: 'A', payment_terms: -1 }, 'payment_terms'],
    ['opening_balance as a string', { contact_name: 'A', opening_balance: '10' }, 'opening_balance'],
    ['a negative credit_limit', { contact_name: 'A', credit_limit: -1 }, 'credit_limit'],
    ['a malformed email', { contact_name: 'A', email: 'not-an-email' }, 'email'],
    ['a malformed contact person email', { contact_name: 'A', contact_persons: [{ email: 'nope' }] }, 'contact_persons[0].email'],
    ['a lower-case currency_code', { contact_name: 'A', currency_code: 'inr' }, 'currency_code'],
    ['a malformed PAN', { contact_name: 'A', pan: 'ABC' }, 'pan'],
    ['an address that is not an object', { contact_name: 'A', billing_address: 'Main Street' }, 'billing_address'],
    ['contact_persons that is not an array', { contact_name: 'A', contact_persons: { first_name: 'B' } }, 'contact_persons'],
    ['is_primary as a string', { contact_name: 'A', contact_persons: [{ is_primary: 'yes' }] }, 'contact_persons[0].is_primary'],
  ])('POST refuses %s with 400 validation.invalid_value and the field', async (_label, body, field) => {
    const org = await t.given.org();
    await create(org.api, { contact_name: 'Existing' });
    const res = await org.api.post('/contacts', body);
    expectError(res, 400, 'validation.invalid_value', field);
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field, code: 'validation.invalid_value' })]));
    expect(await count(org.api)).toBe(1);
  });

  it('lists every failing field in errors[]', async () => {
    const org = await t.given.org();
    const res = await org.api.post('/contacts', { contact_name: 5, payment_terms: 'x', extra: true });
    expect(res.status).toBe(400);
    const fields = (res.body.errors as Json[]).map((e) => e.field).sort();
    expect(fields).toEqual(['contact_name', 'extra', 'payment_terms']);
    expect(await count(org.api)).toBe(0);
  });

  it('refuses malformed JSON with 400 validation.invalid_value', async () => {
    const org = await t.given.org();
    const res = await org.api.request('POST', '/contacts', undefined, { rawBody: '{"contact_name": "A",' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation.invalid_value');
    expect(await count(org.api)).toBe(0);
  });

  it.each([
    ['a null contact_name', { contact_name: null }, 'contact_name'],
    ['an empty contact_name', { contact_name: '' }, 'contact_name'],
    ['an unknown status', { status: 'DELETED' }, 'status'],
    ['an unknown field', { colour: 'blue' }, 'colour'],
    ['a wrong type', { payment_terms: '30' }, 'payment_terms'],
    ['an oversized phone', { phone: 'x'.repeat(31) }, 'phone'],
    ['an unknown address field', { shipping_address: { county: 'X' } }, 'shipping_address.county'],
  ])('PUT refuses %s with 400 validation.invalid_value, changing nothing', async (_label, body, field) => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const res = await org.api.put(`/contacts/${c.contact_id}`, body);
    expectError(res, 400, 'validation.invalid_value', field);
    expect(await get(org.api, c.contact_id)).toEqual(c);
    expect((await activityOf(org.api, c.contact_id)).map((a) => a.action)).toEqual(['CONTACT_CREATED']);
  });
});

describe('PUT /contacts/{id}', () => {
  it('changes only the fields sent', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    t.clock.advance(2000);
    const res = await org.api.put(`/contacts/${c.contact_id}`, { phone: '+91 80 1111 2222', payment_terms: 30 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const u = res.body.contact;
    expect(without(u, 'phone', 'payment_terms', 'last_modified_time')).toEqual(without(c, 'phone', 'payment_terms', 'last_modified_time'));
    expect(u).toMatchObject({ phone: '+91 80 1111 2222', payment_terms: 30 });
    expect(u.created_time).toBe(c.created_time);
    expect(Date.parse(u.last_modified_time)).toBeGreaterThan(Date.parse(c.last_modified_time));
    expect(await get(org.api, c.contact_id)).toEqual(u);
  });

  it('an empty body changes nothing but the modification time', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const res = await org.api.put(`/contacts/${c.contact_id}`, {});
    expect(res.status).toBe(200);
    expect(without(res.body.contact, 'last_modified_time')).toEqual(without(c, 'last_modified_time'));
  });

  it('merges a nested address: sending {city} keeps the other address fields', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const res = await org.api.put(`/contacts/${c.contact_id}`, { billing_address: { city: 'Thane' } });
    expect(res.status).toBe(200);
    expect(res.body.contact.billing_address).toEqual({ ...c.billing_address, city: 'Thane' });
    expect(res.body.contact.shipping_address).toEqual(c.shipping_address);
  });

  it('null inside an address clears that address field only', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const res = await org.api.put(`/contacts/${c.contact_id}`, { shipping_address: { zip: null, state_code: 'Karnataka' } });
    expect(res.body.contact.shipping_address).toEqual({ ...c.shipping_address, zip: null, state_code: 'IN-KA' });
  });

  it('null clears a whole address', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const res = await org.api.put(`/contacts/${c.contact_id}`, { shipping_address: null });
    expect(res.body.contact.shipping_address).toBeNull();
    expect(res.body.contact.billing_address).toEqual(c.billing_address);
    expect((await get(org.api, c.contact_id)).shipping_address).toBeNull();
  });

  it('an address sent to a contact without one starts from empty fields', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'No address' });
    const res = await org.api.put(`/contacts/${c.contact_id}`, { shipping_address: { city: 'Mysuru' } });
    expect(res.body.contact.shipping_address).toEqual({ address: null, city: 'Mysuru', state_code: null, zip: null, country: null });
  });

  it('null clears nullable scalar fields', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const cleared = ['display_name', 'legal_name', 'company_name', 'email', 'phone', 'website', 'credit_limit', 'gst_no', 'pan'];
    const res = await org.api.put(`/contacts/${c.contact_id}`, Object.fromEntries(cleared.map((k) => [k, null])));
    expect(res.status).toBe(200);
    for (const k of cleared) expect(res.body.contact[k], k).toBeNull();
    expect(res.body.contact.contact_name).toBe(c.contact_name);
    expect(await get(org.api, c.contact_id)).toEqual(res.body.contact);
  });

  it('null on place_of_contact or gst_treatment goes back to the default rather than leaving a hole', async () => {
    const org = await t.given.org({ state_code: 'IN-TN' });
    const registered = await create(org.api, { contact_name: 'R', gst_no: GSTIN, place_of_contact: 'IN-GA', gst_treatment: 'SEZ' });
    const r = await org.api.put(`/contacts/${registered.contact_id}`, { place_of_contact: null, gst_treatment: null });
    expect(r.status).toBe(200);
    expect(r.body.contact).toMatchObject({ place_of_contact: 'IN-MH', gst_treatment: 'REGISTERED' });
    const plain = await create(org.api, { contact_name: 'U', place_of_contact: 'IN-GA', gst_treatment: 'CONSUMER' });
    const u = await org.api.put(`/contacts/${plain.contact_id}`, { place_of_contact: null, gst_treatment: null });
    expect(u.body.contact).toMatchObject({ place_of_contact: 'IN-TN', gst_treatment: 'UNREGISTERED' });
  });

  it('changes contact_name, contact_type and status', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Old' });
    const res = await org.api.put(`/contacts/${c.contact_id}`, { contact_name: 'New', contact_type: 'BOTH', status: 'INACTIVE' });
    expect(res.body.contact).toMatchObject({ contact_name: 'New', contact_type: 'BOTH', status: 'INACTIVE' });
    const back = await org.api.put(`/contacts/${c.contact_id}`, { status: 'ACTIVE' });
    expect(back.body.contact.status).toBe('ACTIVE');
  });
});

describe('contact_persons replacement', () => {
  async function withPersons(org: OrgFixture) {
    return create(org.api, {
      contact_name: 'People Inc',
      contact_persons: [
        { first_name: 'Anu', last_name: 'Rao', email: 'anu@people.example', phone: '1', is_primary: true },
        { first_name: 'Bala', last_name: 'Das', email: 'bala@people.example', phone: '2' },
      ],
    });
  }

  it('updates entries with an id, inserts entries without, removes the ones left out', async () => {
    const org = await t.given.org();
    const c = await withPersons(org);
    const [anu, bala] = c.contact_persons;
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      contact_persons: [
        { contact_person_id: anu.contact_person_id, first_name: 'Anuradha', phone: null },
        { first_name: 'Chitra', email: 'chitra@people.example' },
      ],
    });
    expect(res.status).toBe(200);
    const persons: Json[] = res.body.contact.contact_persons;
    expect(persons).toHaveLength(2);
    // Updated in place: same id, sent fields changed, unsent fields kept, null cleared.
    expect(persons[0]).toEqual({ ...anu, first_name: 'Anuradha', phone: null });
    // Inserted: a new id, not one of the old ones.
    expect(persons[1]).toMatchObject({ first_name: 'Chitra', last_name: null, email: 'chitra@people.example', phone: null, is_primary: false });
    expect(persons[1]!.contact_person_id).toMatch(/^cp_/);
    expect([anu.contact_person_id, bala.contact_person_id]).not.toContain(persons[1]!.contact_person_id);
    // Removed: Bala is gone.
    expect(persons.map((p) => p.contact_person_id)).not.toContain(bala.contact_person_id);
    expect((await get(org.api, c.contact_id)).contact_persons).toEqual(persons);
  });

  it('leaves persons alone when contact_persons is omitted, and [] removes them all', async () => {
    const org = await t.given.org();
    const c = await withPersons(org);
    const kept = await org.api.put(`/contacts/${c.contact_id}`, { email: 'new@people.example' });
    expect(kept.body.contact.contact_persons).toEqual(c.contact_persons);
    const emptied = await org.api.put(`/contacts/${c.contact_id}`, { contact_persons: [] });
    expect(emptied.body.contact.contact_persons).toEqual([]);
    expect((await get(org.api, c.contact_id)).contact_persons).toEqual([]);
  });

  it('keeps the primary person primary when the list is reordered without is_primary', async () => {
    const org = await t.given.org();
    const c = await withPersons(org);
    const [anu, bala] = c.contact_persons;
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      contact_persons: [{ contact_person_id: bala.contact_person_id }, { contact_person_id: anu.contact_person_id }],
    });
    expect(res.body.contact.contact_persons).toEqual([bala, anu]);
  });

  it('moves primary to the person marked is_primary', async () => {
    const org = await t.given.org();
    const c = await withPersons(org);
    const [anu, bala] = c.contact_persons;
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      contact_persons: [{ contact_person_id: anu.contact_person_id }, { contact_person_id: bala.contact_person_id }, { first_name: 'Dev', is_primary: true }],
    });
    expect(res.status).toBe(200);
    expect(res.body.contact.contact_persons.map((p: Json) => [p.first_name, p.is_primary])).toEqual([['Anu', false], ['Bala', false], ['Dev', true]]);
  });

  it('refuses two primaries with 400 on contact_persons, changing nothing', async () => {
    const org = await t.given.org();
    const c = await withPersons(org);
    const [anu, bala] = c.contact_persons;
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      contact_persons: [{ contact_person_id: anu.contact_person_id, is_primary: true }, { contact_person_id: bala.contact_person_id, is_primary: true }],
    });
    expectError(res, 400, 'validation.invalid_value', 'contact_persons');
    expect(await get(org.api, c.contact_id)).toEqual(c);
  });

  it.each([
    ['of another contact in the organisation', 'sibling'],
    ['of another organisation', 'foreign'],
    ['that does not exist', 'unknown'],
  ])('refuses a contact_person_id %s with 400 on contact_persons[i].contact_person_id, changing nothing', async (_label, kind) => {
    const org = await t.given.org();
    const c = await withPersons(org);
    let id = unknownId('cp');
    if (kind === 'sibling') id = (await withPersons(org)).contact_persons[0].contact_person_id;
    if (kind === 'foreign') id = (await withPersons(await t.given.org())).contact_persons[0].contact_person_id;
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      email: 'changed@people.example',
      contact_persons: [{ contact_person_id: id, first_name: 'Hijack' }],
    });
    expectError(res, 400, 'validation.invalid_value', 'contact_persons[0].contact_person_id');
    expect(await get(org.api, c.contact_id)).toEqual(c);
    expect((await activityOf(org.api, c.contact_id)).map((a) => a.action)).toEqual(['CONTACT_CREATED']);
  });

  it('names the index of the offending entry', async () => {
    const org = await t.given.org();
    const c = await withPersons(org);
    const [anu] = c.contact_persons;
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      contact_persons: [{ contact_person_id: anu.contact_person_id }, { first_name: 'ok' }, { contact_person_id: anu.contact_person_id }],
    });
    expectError(res, 400, 'validation.invalid_value', 'contact_persons[2].contact_person_id');
    expect(await get(org.api, c.contact_id)).toEqual(c);
  });
});

describe('GET /contacts: search and filters', () => {
  let org: OrgFixture;
  const names: Record<string, string> = {};
  beforeAll(async () => {
    org = await t.given.org();
    const specs: Json[] = [
      { contact_name: 'Zebra Stripes', email: 'Billing@Zebra.example' },
      { contact_name: 'Acme 100% Pure', contact_type: 'VENDOR' },
      { contact_name: 'Acme 100 Pure', contact_type: 'VENDOR' },
      { contact_name: 'under_score Ltd', contact_type: 'BOTH' },
      { contact_name: 'underXscore Ltd' },
      { contact_name: 'Registered Firm', gst_no: GSTIN, contact_type: 'VENDOR' },
      { contact_name: 'Back\\slash Co' },
      { contact_name: 'École Überall' },
    ];
    for (const s of specs) names[s.contact_name] = (await create(org.api, s)).contact_id;
    await org.api.post(`/contacts/${names['Zebra Stripes']}/archive`);
  });

  const search = async (term: string, extra = '') => {
    const res = await org.api.get(`/contacts?search=${encodeURIComponent(term)}${extra}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.contacts as Json[]).map((c) => c.contact_name).sort();
  };

  it.each([
    ['name substring, any case', 'ZEBRA', ['Zebra Stripes']],
    ['name middle', 'cme 1', ['Acme 100 Pure', 'Acme 100% Pure']],
    ['email substring, any case', 'billing@zebra', ['Zebra Stripes']],
    ['GSTIN substring, lower case', 'aapfu0939', ['Registered Firm']],
    ['full GSTIN', GSTIN, ['Registered Firm']],
    ['% literally', '100%', ['Acme 100% Pure']],
    ['% alone', '%', ['Acme 100% Pure']],
    ['_ literally', 'r_s', ['under_score Ltd']],
    ['_ alone', '_', ['under_score Ltd']],
    ['backslash literally', 'k\\s', ['Back\\slash Co']],
    ['non-ASCII name, any case', 'ÉCOLE ü', ['École Überall']],
    ['no match', 'nothing-like-this', []],
  ])('search matches %s', async (_label, term, expected) => {
    expect(await search(term)).toEqual(expected);
  });

  it('does not match on fields outside name, GSTIN and email', async () => {
    const c = await create(org.api, { contact_name: 'Phone Only', phone: '+91 77777 12345', website: 'https://hidden.example' });
    expect(await search('77777')).toEqual([]);
    expect(await search('hidden')).toEqual([]);
    await org.api.delete(`/contacts/${c.contact_id}`);
  });

  it('follows updates and deletes: new name, email and GSTIN match, old ones no longer do', async () => {
    const c = await create(org.api, { contact_name: 'Renamed Before', email: 'old@renamed.example' });
    await org.api.put(`/contacts/${c.contact_id}`, { contact_name: 'Quokka After', email: 'fresh@quokka.example', gst_no: '04AABFN9870CMZT' });
    expect(await search('renamed')).toEqual([]);
    expect(await search('quokka')).toEqual(['Quokka After']);
    expect(await search('FRESH@')).toEqual(['Quokka After']);
    expect(await search('aabfn9870')).toEqual(['Quokka After']);
    await org.api.put(`/contacts/${c.contact_id}`, { email: null, gst_no: null });
    expect(await search('fresh@')).toEqual([]);
    expect(await search('aabfn9870')).toEqual([]);
    await org.api.delete(`/contacts/${c.contact_id}`);
    expect(await search('quokka')).toEqual([]);
  });

  it('filters by contact_type', async () => {
    const vendors = await listAll(org.api, '&contact_type=VENDOR');
    expect(vendors.map((c) => c.contact_name).sort()).toEqual(['Acme 100 Pure', 'Acme 100% Pure', 'Registered Firm']);
    expect((await listAll(org.api, '&contact_type=BOTH')).map((c) => c.contact_name)).toEqual(['under_score Ltd']);
  });

  it('filters by status', async () => {
    expect((await listAll(org.api, '&status=INACTIVE')).map((c) => c.contact_name)).toEqual(['Zebra Stripes']);
    const active = await listAll(org.api, '&status=ACTIVE');
    expect(active).toHaveLength(7);
    expect(active.every((c) => c.status === 'ACTIVE')).toBe(true);
  });

  it('combines filters with search', async () => {
    expect(await search('acme', '&contact_type=VENDOR&status=ACTIVE')).toEqual(['Acme 100 Pure', 'Acme 100% Pure']);
    expect(await search('acme', '&contact_type=CUSTOMER')).toEqual([]);
    expect(await search('zebra', '&status=ACTIVE')).toEqual([]);
  });

  it.each([
    ['contact_type=PARTNER', 'contact_type'],
    ['contact_type=vendor', 'contact_type'],
    ['status=ARCHIVED', 'status'],
    ['colour=blue', 'colour'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses ?%s with 400 validation.invalid_value', async (query, field) => {
    expectError(await org.api.get(`/contacts?${query}`), 400, 'validation.invalid_value', field);
  });

  it("never shows another organisation's contacts", async () => {
    const other = await t.given.org();
    await create(other.api, { contact_name: 'Zebra Elsewhere' });
    expect(await search('zebra')).toEqual(['Zebra Stripes']);
    expect((await listAll(other.api)).map((c) => c.contact_name)).toEqual(['Zebra Elsewhere']);
  });
});

describe('GET /contacts: cursor pagination', () => {
  it.each(['0', '201', '-1', '2.5', 'abc'])('refuses per_page=%s with 400 validation.invalid_value on per_page', async (perPage) => {
    const org = await t.given.org();
    expectError(await org.api.get(`/contacts?per_page=${perPage}`), 400, 'validation.invalid_value', 'per_page');
  });

  it('accepts per_page 1 and 200 and defaults to 50', async () => {
    const org = await t.given.org();
    await create(org.api, { contact_name: 'One' });
    await create(org.api, { contact_name: 'Two' });
    const one = await org.api.get('/contacts?per_page=1');
    expect(one.body.contacts).toHaveLength(1);
    expect(one.body.page_context).toMatchObject({ per_page: 1, has_more_page: true });
    expect(typeof one.body.page_context.next_cursor).toBe('string');
    const max = await org.api.get('/contacts?per_page=200');
    expect(max.body.page_context).toEqual({ per_page: 200, has_more_page: false, next_cursor: null });
    const dflt = await org.api.get('/contacts');
    expect(dflt.body.page_context).toMatchObject({ per_page: 50, has_more_page: false });
  });

  it('walks every contact exactly once, newest first, with per_page=2', async () => {
    const org = await t.given.org();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) created.push((await create(org.api, { contact_name: `Walk ${i}` })).contact_id);
    const seen: string[] = [];
    const pages: number[] = [];
    let cursor: string | null = null;
    for (;;) {
      const res: ApiResponse = await org.api.get(`/contacts?per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      pages.push(res.body.contacts.length);
      seen.push(...res.body.contacts.map((c: Json) => c.contact_id));
      expect(res.body.page_context.per_page).toBe(2);
      if (!res.body.page_context.has_more_page) {
        expect(res.body.page_context.next_cursor).toBeNull();
        break;
      }
      cursor = res.body.page_context.next_cursor;
    }
    expect(pages).toEqual([2, 2, 2, 1]);
    expect(seen).toEqual([...created].reverse());
  });

  it('ends on an exact multiple without an empty extra page', async () => {
    const org = await t.given.org();
    for (let i = 0; i < 4; i++) await create(org.api, { contact_name: `Even ${i}` });
    const first = await org.api.get('/contacts?per_page=2');
    const second = await org.api.get(`/contacts?per_page=2&cursor=${encodeURIComponent(first.body.page_context.next_cursor)}`);
    expect(second.body.contacts).toHaveLength(2);
    expect(second.body.page_context).toEqual({ per_page: 2, has_more_page: false, next_cursor: null });
  });

  it('keeps filters across pages', async () => {
    const org = await t.given.org();
    for (let i = 0; i < 5; i++) await create(org.api, { contact_name: `V${i}`, contact_type: i % 2 ? 'VENDOR' : 'CUSTOMER' });
    const seen: string[] = [];
    let cursor = '';
    do {
      const res: ApiResponse = await org.api.get(`/contacts?per_page=1&contact_type=CUSTOMER${cursor && `&cursor=${encodeURIComponent(cursor)}`}`);
      seen.push(...res.body.contacts.map((c: Json) => c.contact_name));
      cursor = res.body.page_context.next_cursor ?? '';
    } while (cursor);
    expect(seen).toEqual(['V4', 'V2', 'V0']);
  });

  it('yields no duplicates and no gaps when contacts are created between pages', async () => {
    const org = await t.given.org();
    const initial: string[] = [];
    for (let i = 0; i < 6; i++) initial.push((await create(org.api, { contact_name: `Before ${i}` })).contact_id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let inserted = 0;
    for (;;) {
      const res: ApiResponse = await org.api.get(`/contacts?per_page=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      seen.push(...res.body.contacts.map((c: Json) => c.contact_id));
      if (!res.body.page_context.has_more_page) break;
      cursor = res.body.page_context.next_cursor;
      await create(org.api, { contact_name: `During ${inserted++}` });
      await create(org.api, { contact_name: `During ${inserted++}` });
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => initial.includes(id))).toEqual([...initial].reverse());
    expect(await count(org.api)).toBe(6 + inserted);
  });

  it('refuses a tampered, foreign or garbage cursor with 400 validation.invalid_value on cursor, never 500', async () => {
    const org = await t.given.org();
    for (let i = 0; i < 3; i++) await create(org.api, { contact_name: `C${i}` });
    const real: string = (await org.api.get('/contacts?per_page=1')).body.page_context.next_cursor;
    const [payload, tag] = real.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forgedPayload = Buffer.from(JSON.stringify({ l: 'contacts', p: ['con_ZZZZZZZZZZZZZZZZZZZZZZZZZZ'] })).toString('base64url');
    await create(org.api, { contact_name: 'unused' });
    const items = await t.given.org();
    for (let i = 0; i < 2; i++) await items.api.post('/items', { name: `I${i}`, rate: 1 });
    const itemsCursor: string = (await items.api.get('/items?per_page=1')).body.page_context.next_cursor;
    expect(typeof itemsCursor).toBe('string');
    const bad = [
      flip(payload, 3) + '.' + tag,
      payload + '.' + flip(tag, 0),
      `${forgedPayload}.${tag}`,
      `${real}.extra`,
      payload,
      '.',
      'garbage',
      '%%%',
      'eyJsIjoiY29udGFjdHMiLCJwIjpbXX0.AAAAAAAAAAAAAAAAAAAAAA',
      itemsCursor,
      'x'.repeat(2000),
    ];
    for (const cursor of bad) {
      const res = await org.api.get(`/contacts?per_page=1&cursor=${encodeURIComponent(cursor)}`);
      expectError(res, 400, 'validation.invalid_value', 'cursor');
    }
    // The real one still works.
    expect((await org.api.get(`/contacts?per_page=1&cursor=${encodeURIComponent(real)}`)).status).toBe(200);
  });

  it("treats another organisation's cursor as a bare position, never revealing that organisation's rows", async () => {
    const a = await t.given.org();
    const b = await t.given.org();
    const mine = await create(b.api, { contact_name: 'B only' });
    for (let i = 0; i < 3; i++) await create(a.api, { contact_name: `A${i}` });
    const cursor: string = (await a.api.get('/contacts?per_page=1')).body.page_context.next_cursor;
    const res = await b.api.get(`/contacts?per_page=5&cursor=${encodeURIComponent(cursor)}`);
    expect(res.status).toBe(200);
    expect((res.body.contacts as Json[]).map((c) => c.contact_id)).toEqual([mine.contact_id]);
  });
});

describe('archive and delete', () => {
  it('archive sets INACTIVE, hides the contact from ACTIVE lists and logs CONTACT_STATUS_CHANGED', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Soon Archived' });
    const res = await org.api.post(`/contacts/${c.contact_id}/archive`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expect(res.body.contact).toMatchObject({ contact_id: c.contact_id, status: 'INACTIVE' });
    expect((await get(org.api, c.contact_id)).status).toBe('INACTIVE');
    expect(await listAll(org.api, '&status=ACTIVE')).toEqual([]);
    const log = await activityOf(org.api, c.contact_id);
    expect(log.map((a) => a.action)).toEqual(['CONTACT_STATUS_CHANGED', 'CONTACT_CREATED']);
    expect(log[0]).toMatchObject({
      entity_type: 'CONTACT', entity_id: c.contact_id, entity_ref: 'Soon Archived', actor_user_id: org.userId,
      changes: { status: { old: 'ACTIVE', new: 'INACTIVE' } },
    });
  });

  it('archiving an archived contact answers the same and logs nothing new', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Twice' });
    const first = await org.api.post(`/contacts/${c.contact_id}/archive`);
    const second = await org.api.post(`/contacts/${c.contact_id}/archive`);
    expect(second.status).toBe(200);
    expect(second.body.contact).toEqual(first.body.contact);
    expect((await activityOf(org.api, c.contact_id)).map((a) => a.action)).toEqual(['CONTACT_STATUS_CHANGED', 'CONTACT_CREATED']);
  });

  it('delete answers 200, then the contact is 404 everywhere and CONTACT_DELETED is logged', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Gone Soon', contact_persons: [{ first_name: 'P' }] });
    const keep = await create(org.api, { contact_name: 'Stays' });
    const res = await org.api.delete(`/contacts/${c.contact_id}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    expectError(await org.api.get(`/contacts/${c.contact_id}`), 404, 'not_found.resource', 'contact_id');
    expectError(await org.api.put(`/contacts/${c.contact_id}`, { phone: '1' }), 404, 'not_found.resource', 'contact_id');
    expectError(await org.api.post(`/contacts/${c.contact_id}/archive`), 404, 'not_found.resource', 'contact_id');
    expectError(await org.api.delete(`/contacts/${c.contact_id}`), 404, 'not_found.resource', 'contact_id');
    expect((await listAll(org.api)).map((x) => x.contact_id)).toEqual([keep.contact_id]);
    const log = await activityOf(org.api, c.contact_id);
    expect(log.map((a) => a.action)).toEqual(['CONTACT_DELETED', 'CONTACT_CREATED']);
    expect(log[0]).toMatchObject({ entity_ref: 'Gone Soon', actor_user_id: org.userId });
    expect(log[0]!.changes ?? null).toBeNull();
  });
});

describe('tenancy', () => {
  it("answers 404 not_found.resource for another organisation's contact on every route, changing nothing", async () => {
    const owner = await t.given.org();
    const intruder = await t.given.org();
    const c = await create(owner.api, fullBody());
    const id = c.contact_id;
    const attempts: [string, Promise<ApiResponse>][] = [
      ['GET', intruder.api.get(`/contacts/${id}`)],
      ['PUT', intruder.api.put(`/contacts/${id}`, { contact_name: 'Taken over' })],
      ['archive', intruder.api.post(`/contacts/${id}/archive`)],
      ['DELETE', intruder.api.delete(`/contacts/${id}`)],
      ['activity alias', intruder.api.get(`/contacts/${id}/activity`)],
    ];
    for (const [label, attempt] of attempts) {
      const res = await attempt;
      expect(res.status, label).toBe(404);
      expect(res.body.code, label).toBe('not_found.resource');
    }
    expect(await get(owner.api, id)).toEqual(c);
    expect((await activityOf(owner.api, id)).map((a) => a.action)).toEqual(['CONTACT_CREATED']);
    expect((await intruder.api.get(`/activity?entity_type=CONTACT&entity_id=${id}`)).body.activity).toEqual([]);
  });

  it('answers 404 for an id that never existed', async () => {
    const org = await t.given.org();
    expectError(await org.api.get(`/contacts/${unknownId('con')}`), 404, 'not_found.resource', 'contact_id');
  });
});

describe('activity', () => {
  it('records CREATED, UPDATED with only the changed fields, and DELETED', async () => {
    const org = await t.given.org();
    const c = await create(org.api, fullBody());
    const res = await org.api.put(`/contacts/${c.contact_id}`, {
      contact_name: 'Kaveri Mills', email: 'ap@kaveri.example', billing_address: { city: 'Thane' }, phone: c.phone,
    });
    expect(res.status).toBe(200);
    await org.api.delete(`/contacts/${c.contact_id}`);

    const log = await activityOf(org.api, c.contact_id);
    expect(log.map((a) => a.action)).toEqual(['CONTACT_DELETED', 'CONTACT_UPDATED', 'CONTACT_CREATED']);
    const [deleted, updated, created] = log as [Json, Json, Json];
    for (const e of log) {
      expect(e).toMatchObject({ entity_type: 'CONTACT', entity_id: c.contact_id, actor_user_id: org.userId });
      expect(e.event_id).toEqual(expect.any(String));
      expect(e.occurred_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(e.metadata).toMatchObject({ source: 'PUBLIC_API' });
    }
    expect(created.entity_ref).toBe('Kaveri Textiles');
    expect(created.changes ?? null).toBeNull();
    expect(updated.entity_ref).toBe('Kaveri Mills');
    expect(updated.changes).toEqual({
      contact_name: { old: 'Kaveri Textiles', new: 'Kaveri Mills' },
      email: { old: 'accounts@kaveri.example', new: 'ap@kaveri.example' },
      billing_address: { old: c.billing_address, new: { ...c.billing_address, city: 'Thane' } },
    });
    expect(deleted.changes ?? null).toBeNull();
  });

  it('shows the same timeline at /contacts/{id}/activity, honouring limit', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Timeline' });
    await org.api.put(`/contacts/${c.contact_id}`, { phone: '1' });
    await org.api.put(`/contacts/${c.contact_id}`, { phone: '2' });
    await org.api.post(`/contacts/${c.contact_id}/archive`);
    const generic = await activityOf(org.api, c.contact_id);
    const alias = await org.api.get(`/contacts/${c.contact_id}/activity`);
    expect(alias.status).toBe(200);
    expect(alias.body.activity).toEqual(generic);
    expect(generic.map((a) => a.action)).toEqual(['CONTACT_STATUS_CHANGED', 'CONTACT_UPDATED', 'CONTACT_UPDATED', 'CONTACT_CREATED']);
    expect(generic[1]!.changes).toEqual({ phone: { old: '1', new: '2' } });
    const limited = await org.api.get(`/contacts/${c.contact_id}/activity?limit=2`);
    expect(limited.body.activity).toEqual(generic.slice(0, 2));
    expect(limited.body.page_context).toEqual({ limit: 2, returned: 2, has_more_page: true });
  });

  it('records a contact_persons change as old and new lists', async () => {
    const org = await t.given.org();
    const c = await create(org.api, { contact_name: 'Persons Log', contact_persons: [{ first_name: 'A' }] });
    const res = await org.api.put(`/contacts/${c.contact_id}`, { contact_persons: [{ first_name: 'B' }] });
    const [updated] = await activityOf(org.api, c.contact_id);
    expect(Object.keys(updated!.changes)).toEqual(['contact_persons']);
    expect(updated!.changes.contact_persons).toEqual({ old: c.contact_persons, new: res.body.contact.contact_persons });
  });

  it('keeps each organisation\'s log to itself', async () => {
    const a = await t.given.org();
    const b = await t.given.org();
    const c = await create(a.api, { contact_name: 'Private' });
    const res = await b.api.get('/activity?entity_type=CONTACT');
    expect(res.status).toBe(200);
    expect((res.body.activity as Json[]).some((e) => e.entity_id === c.contact_id)).toBe(false);
  });
});
