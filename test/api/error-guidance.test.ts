import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Errors that say what to fix: allowed values, limits, the accepted forms of dates
 * and states with the nearest state, trimmed GSTINs. Through real HTTP, on both engines.
 */

let t: TestApp;
let org: OrgFixture;
let customerId: string;
let gst18: string;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org({ state_code: 'IN-KA' });
  customerId = await customer(org.api);
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const GSTIN = '27AAPFU0939F1ZV';

function expectError(res: ApiResponse, status: number, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ code: 'validation.invalid_value', field });
  return res.body as { message: string; details?: Record<string, unknown>; errors?: { field: string; message: string }[] };
}

const invoice = (fields: Record<string, unknown>) => createInvoice(org.api, {
  customer_id: customerId, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [{ name: 'Consulting', rate: 100, quantity: 1, tax_id: gst18 }], ...fields,
});

/** No regular expression, JSON-schema wording or internal format name reaches a client. */
const expectPlainWords = (message: string) => expect(message).not.toMatch(/\\d|\[A-Z|\^|iso-date-or-date-time|must match|must be equal to/);

describe('enum errors list the allowed values', () => {
  it('in a body: message and details.allowed', async () => {
    const body = expectError(await org.api.post('/contacts', { contact_name: 'Enum Co', contact_type: 'PARTNER' }), 400, 'contact_type');
    expect(body.message).toBe('contact_type must be one of CUSTOMER, VENDOR or BOTH');
    expect(body.details).toEqual({ allowed: ['CUSTOMER', 'VENDOR', 'BOTH'] });
  });

  it('in a query string, the same shape', async () => {
    const body = expectError(await org.api.get('/contacts?contact_type=PARTNER'), 400, 'contact_type');
    expect(body.message).toBe('contact_type must be one of CUSTOMER, VENDOR or BOTH');
    expect(body.details).toEqual({ allowed: ['CUSTOMER', 'VENDOR', 'BOTH'] });
  });
});

describe('limits are named with the field', () => {
  it('a maximum, with details', async () => {
    const body = expectError(await org.api.get('/contacts?per_page=201'), 400, 'per_page');
    expect(body.message).toBe('per_page must be at most 200');
    expect(body.details).toEqual({ maximum: 200 });
  });

  it('a length, with how long the value was', async () => {
    const body = expectError(await org.api.post('/contacts', { contact_name: 'n'.repeat(201) }), 400, 'contact_name');
    expect(body.message).toBe('contact_name must be at most 200 characters long (it has 201)');
    expect(body.details).toEqual({ maxLength: 200 });
  });

  it('a pattern, in words', async () => {
    const body = expectError(await org.api.post('/contacts', { contact_name: 'Pan Co', pan: 'ABCDE12345' }), 400, 'pan');
    expect(body.message).toBe('pan must be a PAN: 5 letters, 4 digits and a letter, such as AAPFU0939F');
  });

  it('a type, saying what was sent', async () => {
    const body = expectError(await org.api.post('/contacts', { contact_name: 'Type Co', payment_terms: '30' }), 400, 'payment_terms');
    expect(body.message).toBe('payment_terms must be a whole number, not a string');
  });

  it('an unknown field, with the nearest known one', async () => {
    const body = expectError(await org.api.post('/contacts', { contact_name: 'Typo Co', contact_tpye: 'CUSTOMER' }), 400, 'contact_tpye');
    expect(body.message).toBe('contact_tpye is not a known field; did you mean contact_type?');
  });
});

describe('dates', () => {
  it('an impossible day says that the day does not exist', async () => {
    const body = expectError(await invoice({ date: '2026-02-30' }), 400, 'date');
    expect(body.message).toBe('date 2026-02-30 is not a day: February 2026 has 28 days');
  });

  it.each(['30/01/2026', '2026-1-5'])('%s shows the accepted forms of a date or date-time', async (date) => {
    const body = expectError(await invoice({ date }), 400, 'date');
    expect(body.message).toBe('date must be a date written YYYY-MM-DD, such as 2026-01-30, or an ISO 8601 date-time, such as 2026-01-30T14:30:00+05:30');
    expectPlainWords(body.message);
  });

  it('a query date that takes no time shows YYYY-MM-DD only', async () => {
    const body = expectError(await org.api.get('/invoices?date_from=2026-1-5'), 400, 'date_from');
    expect(body.message).toBe('date_from must be a date written YYYY-MM-DD, such as 2026-01-30');
  });
});

describe('place_of_supply', () => {
  it('an unrecognised value lists the accepted forms and suggests the nearest states', async () => {
    const body = expectError(await invoice({ place_of_supply: 'IN-KR' }), 422, 'place_of_supply');
    expect(body.message).toBe(
      'place_of_supply "IN-KR" is not a recognised Indian state or union territory; did you mean IN-KA (Karnataka) or IN-KL (Kerala)? '
      + 'Send its ISO 3166-2:IN code (IN-KA), its 2-digit GST state code (29), its name (Karnataka) or code and name (29-Karnataka).',
    );
    expect(body.details!.suggestions).toEqual(['IN-KA', 'IN-KL']);
    // The 36 states and union territories, 96 (foreign country) and 97 (other territory).
    expect(body.details!.allowed).toHaveLength(38);
    expect(body.details!.allowed).toContain('IN-KA');
  });

  it('a former name points to the state it became, on a contact and on an organisation', async () => {
    const contact = expectError(await org.api.post('/contacts', { contact_name: 'Old Name Co', place_of_contact: 'Orissa' }), 422, 'place_of_contact');
    expect(contact.message).toContain('did you mean IN-OD (Odisha)?');
    const created = expectError(await t.admin.post('/orgs', { name: 'Misspelt', state_code: 'Karnatak' }), 422, 'state_code');
    expect(created.details!.suggestions).toEqual(['IN-KA']);
  });
});

describe('GSTIN', () => {
  it('is trimmed of surrounding whitespace on a contact, an organisation and a branch', async () => {
    const contact = await org.api.post('/contacts', { contact_name: 'Padded', gst_no: ` ${GSTIN}\n` });
    expect(contact.status, JSON.stringify(contact.body)).toBe(201);
    expect(contact.body.contact).toMatchObject({ gst_no: GSTIN, place_of_contact: 'IN-MH' });
    const updated = await org.api.put(`/contacts/${contact.body.contact.contact_id}`, { gst_no: `\t${GSTIN.toLowerCase()} ` });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.contact.gst_no).toBe(GSTIN);

    const created = await t.admin.post('/orgs', { name: 'Padded Org', state_code: 'IN-MH', gstin: `  ${GSTIN}  ` });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.org.gstin).toBe(GSTIN);
    const branch = await t.admin.post(`/orgs/${created.body.org.org_id}/branches`, { name: 'Pune', state_code: 'IN-MH', gstin: `${GSTIN} ` });
    expect(branch.status, JSON.stringify(branch.body)).toBe(201);
    expect(branch.body.branch.gstin).toBe(GSTIN);
  });

  it('a wrong one says which part is wrong', async () => {
    const body = expectError(await org.api.post('/contacts', { contact_name: 'Typo GSTIN', gst_no: '27AAPFU0939F1ZW' }), 400, 'gst_no');
    expect(body.message).toBe('gst_no is not a valid GSTIN: its last character is not the check character of the first 14; look for a mistyped character');
    expect(body.details).toEqual({ reason: 'check_character_mismatch' });
  });
});
