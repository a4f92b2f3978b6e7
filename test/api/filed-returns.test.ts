import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * A return marked filed (docs/rules/returns-gstr1-gstr3b.md, "A filed return"): June 2026's
 * GSTR-1 of the Bengaluru GSTIN refuses any issue, approval or void of its outward documents,
 * never another GSTIN's, month's or an inward one; reopening lets the change through, and the
 * return marked again lists it.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let t: TestApp;
let org: OrgFixture;
let raman: string;
let puneBranchId: string;
const ARN = 'AA2906260123456';
const GOODS = { name: 'Wireless mouse', hsn_or_sac: '8471', unit: 'pcs', rate: 1000, quantity: 1 };
const FILED = `/gst/returns/${SUPPLIER_GSTIN}/062026/filed`;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-05T06:00:00Z'));
  org = await gstOrg(t);
  raman = await customer(org.api);
  const pune = await t.admin.post(`/orgs/${org.orgId}/branches`, {
    name: 'Pune', state_code: 'IN-MH', gstin: '27AABCB1234F1Z8', address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', zip: '411026', country: 'India' },
  });
  puneBranchId = pune.body.branch.branch_id;
});
afterAll(async () => { await t.close(); });

const mark = (body: Json, path = FILED) => org.api.put(path, body, { idempotencyKey: newKey() });
const invoiceOn = (date: string, extra: Json = {}) => org.api.post('/invoices', {
  customer_id: raman, date, place_of_supply: 'IN-KA', line_items: [GOODS], ...extra,
}, { idempotencyKey: newKey() });

function expectFiled(res: { status: number; body: Json }, details: Json): void {
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.code).toBe('conflict.period_filed');
  expect(res.body.details).toEqual(details);
}

describe('PUT /gst/returns/{gstin}/{period}/filed', () => {
  it('freezes what the return reports until reopened; marked again, it lists what changed meanwhile', async () => {
    const sent = await postedInvoice(org.api, raman, 1000, { line_items: [GOODS] });
    const draft = (await invoiceOn('2026-06-12')).body.invoice;
    const bill = await postedBill(org.api, await vendor(org.api), 500);
    const filed = await mark({ return: 'GSTR1', arn: ARN, filed_on: '2026-07-04' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    expect(filed.body.filed_return).toMatchObject({ gstin: SUPPLIER_GSTIN, return: 'GSTR1', period: '062026', arn: ARN, filed_on: '2026-07-04', reopened_time: null, changed_since: [] });
    expect((await mark({ return: 'GSTR1', arn: ARN, filed_on: '2026-07-04' })).body).toEqual(filed.body); // idempotent

    const june = { return: 'GSTR1', period: '062026', arn: ARN };
    expectFiled(await invoiceOn('2026-06-15', { auto_approve: true }), june);
    expectFiled(await org.api.post(`/invoices/${draft.invoice_id}/approve`, {}), june);
    expectFiled(await org.api.post(`/invoices/${sent.invoice_id}/void`, {}), june);
    // Another month, another GSTIN, an inward document (GSTR-1 reports none): unaffected.
    expect((await invoiceOn('2026-07-01', { auto_approve: true })).status).toBe(201);
    expect((await invoiceOn('2026-06-15', { auto_approve: true, branch_id: puneBranchId })).status).toBe(201);
    expect((await org.api.post(`/bills/${bill.bill_id}/void`, {})).status).toBe(200);

    const gstr1 = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=062026`);
    expect(gstr1.body.filed).toEqual(filed.body.filed_return);
    expect((await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=062026`)).body.filed).toBeUndefined();

    t.clock.set(new Date('2026-07-05T06:30:00Z'));
    const reopened = await org.api.delete(`${FILED}?return=GSTR1`);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(reopened.body.filed_return.reopened_time).toMatch(/^2026-07-05T06:30/);
    expect((await org.api.delete(`${FILED}?return=GSTR1`)).status).toBe(404);
    expect((await org.api.get(`${FILED}?return=GSTR1`)).status).toBe(404);
    t.clock.set(new Date('2026-07-05T07:00:00Z'));
    expect((await org.api.post(`/invoices/${sent.invoice_id}/void`, {})).status).toBe(200);

    const again = await mark({ return: 'GSTR1', arn: ARN, filed_on: '2026-07-04' });
    expect(again.body.filed_return.marked_time).toBe(filed.body.filed_return.marked_time);
    expect(again.body.filed_return.changed_since).toEqual([{
      source: 'INVOICE', source_id: sent.invoice_id, number: sent.invoice_number, date: '2026-06-10', change: 'REVERSED', changed_time: expect.stringMatching(/^2026-07-05T07:00/),
    }]);
    expect((await org.api.get(`${FILED}?return=GSTR1`)).body.filed_return).toEqual(again.body.filed_return);
    const activity = await org.api.get('/activity?entity_type=ORGANISATION');
    expect(activity.body.activity.map((a: Json) => a.action)).toEqual(['RETURN_FILED', 'RETURN_REOPENED', 'RETURN_FILED']);
  });

  it('GSTR-3B freezes inward documents too; a quarterly GSTR-1 its three months', async () => {
    const bill = await postedBill(org.api, await vendor(org.api), 500, { date: '2026-05-10' });
    const may = `/gst/returns/${SUPPLIER_GSTIN}/052026/filed`;
    expect((await mark({ return: 'GSTR3B', arn: 'AA290626000777X', filed_on: '2026-06-20' }, may)).status).toBe(200);
    expectFiled(await org.api.post(`/bills/${bill.bill_id}/void`, {}), { return: 'GSTR3B', period: '052026', arn: 'AA290626000777X' });
    expect((await mark({ return: 'GSTR1', arn: 'AA290726000888Q', filed_on: '2026-07-05' }, `/gst/returns/${SUPPLIER_GSTIN}/2026-Q1/filed`)).status).toBe(200);
    expectFiled(await invoiceOn('2026-04-20', { auto_approve: true }), { return: 'GSTR1', period: '2026-Q1', arn: 'AA290726000888Q' });
  });

  it('needs Svc.gst.UPDATE (403), the organisation\'s GSTIN and period (404), a return and day that are one (400)', async () => {
    const reader = await gstOrg(t, { scopes: ['Svc.gst.READ'] });
    expect((await reader.api.put(FILED, { return: 'GSTR1', arn: ARN, filed_on: '2026-07-04' })).status).toBe(403);
    expect((await mark({ return: 'GSTR1', arn: ARN, filed_on: '2026-07-04' }, `/gst/returns/${OTHER_STATE_GSTIN}/062026/filed`)).status).toBe(404);
    const refused = async (path: string, body: Json, field: string) => {
      const res = await mark(body, path);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.field).toBe(field);
    };
    // A period in the path that names none of the return's is 404, as any path segment naming nothing.
    expect((await mark({ return: 'GSTR1', arn: ARN, filed_on: '2026-07-04' }, `/gst/returns/${SUPPLIER_GSTIN}/132026/filed`)).status).toBe(404);
    expect((await mark({ return: 'GSTR3B', arn: ARN, filed_on: '2026-07-04' }, `/gst/returns/${SUPPLIER_GSTIN}/2026-Q5/filed`)).status).toBe(404);
    await refused(FILED, { return: 'GSTR9', arn: ARN, filed_on: '2026-07-04' }, 'return');
    await refused(FILED, { return: 'GSTR1', arn: ARN, filed_on: '2026-07-06' }, 'filed_on');
  });
});
