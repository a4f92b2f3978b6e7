import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => { t = await startTestApp(); });
afterAll(async () => { await t.close(); });

describe('the two surfaces', () => {
  it('bootstraps an organisation through the admin API and creates and lists a contact with its token', async () => {
    const org = await t.given.org();
    const created = await org.api.post('/contacts', { contact_name: 'Asha Traders' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 0, contact: { contact_name: 'Asha Traders', status: 'ACTIVE' } });
    const listed = await org.api.get('/contacts');
    expect(listed.status).toBe(200);
    expect(listed.body.contacts.map((c: { contact_name: string }) => c.contact_name)).toEqual(['Asha Traders']);
  });

  it('answers health without credentials', async () => {
    const res = await fetch(`${t.baseUrl}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
