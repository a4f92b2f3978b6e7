import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoice, customer, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org();
});
afterAll(async () => { await t.close(); });

describe('deleting a contact with documents', () => {
  it('is refused with 409 while an invoice or a bill names it, and allowed for a contact without any', async () => {
    const buyer = await customer(org.api);
    await createInvoice(org.api, { customer_id: buyer, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [{ name: 'X', rate: 1 }] });
    const supplier = await vendor(org.api);
    await org.api.post('/bills', { vendor_id: supplier, date: '2026-06-15', place_of_supply: 'IN-KA', line_items: [{ name: 'Y', rate: 1 }] });
    for (const id of [buyer, supplier]) {
      const res = await org.api.delete(`/contacts/${id}`);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { posted_documents: 1 } });
      expect((await org.api.get(`/contacts/${id}`)).status).toBe(200);
    }
    const archived = await org.api.post(`/contacts/${buyer}/archive`);
    expect(archived.body.contact.status).toBe('INACTIVE');
    const bystander = await customer(org.api);
    expect((await org.api.delete(`/contacts/${bystander}`)).status).toBe(200);
  });
});
