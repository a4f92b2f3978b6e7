import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createDebitNote, createInvoice, customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * An export invoice's shipping bill (GSTR-1 `exp`: sbpcode, sbnum, sbdt; the e-invoice's ExpDtls):
 * given when the invoice is created, or afterwards on its own endpoint, even once June 2026's
 * GSTR-1 is marked filed, which then lists the invoice as changed.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let gst18: string;
let acme: string;
let walkIn: string;
const BILL = { port_code: 'INNSA1', number: '1234567', date: '2026-06-12' };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-05T06:00:00Z'));
  // An e-invoice names the branch's city and PIN.
  org = await gstOrg(t, { address: { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  gst18 = await taxId(org.api, 18);
  acme = await customer(org.api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
  walkIn = await customer(org.api);
});
afterAll(async () => { await t.close(); });

const invoice = (body: Json) => createInvoice(org.api, {
  customer_id: acme, date: '2026-06-10', place_of_supply: 'IN-96', auto_approve: true,
  line_items: [{ name: 'Keyboard', hsn_or_sac: '84716060', quantity: 1, rate: 1000, tax_id: gst18 }], ...body,
});
const setBill = (invoiceId: string, body: Json) => org.api.put(`/invoices/${invoiceId}/shipping_bill`, body, { idempotencyKey: newKey() });

describe('an export invoice with its shipping bill', () => {
  it('takes one when created and shows it on the invoice, in GSTR-1 exp and on the e-invoice', async () => {
    const res = await invoice({ shipping_bill: BILL });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.invoice.shipping_bill).toEqual(BILL);
    const gstr1 = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(gstr1.body.gstr1.exp).toEqual([{ exp_typ: 'WPAY', inv: [{
      // 18% IGST of 1,000 = 180.
      inum: res.body.invoice.invoice_number, idt: '10-06-2026', val: 1180, sbpcode: 'INNSA1', sbnum: '1234567', sbdt: '12-06-2026',
      itms: [{ rt: 18, txval: 1000, iamt: 180, csamt: 0 }],
    }] }]);
    const einvoice = await org.api.get(`/invoices/${res.body.invoice.invoice_id}/einvoice`);
    expect(einvoice.status, JSON.stringify(einvoice.body)).toBe(200);
    expect(einvoice.body.einvoice.ExpDtls).toEqual({ ShipBNo: '1234567', ShipBDt: '12/06/2026', Port: 'INNSA1', ForCur: 'INR', CntCode: 'US', RefClm: 'Y' });
  });

  it('refuses one on an invoice that is not an export, dated before the invoice, or malformed, writing nothing', async () => {
    const domestic = await invoice({ customer_id: walkIn, place_of_supply: 'IN-KA', shipping_bill: BILL });
    expect(domestic).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'shipping_bill' } });
    const early = await invoice({ shipping_bill: { ...BILL, date: '2026-06-09' } });
    expect(early).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'shipping_bill.date' } });
    for (const [field, value] of [['port_code', 'INNSA'], ['number', '12345678'], ['date', '12-06-2026']] as const) {
      const bad = await invoice({ shipping_bill: { ...BILL, [field]: value } });
      expect(bad.status, JSON.stringify(bad.body)).toBe(400);
      expect(bad.body.field).toBe(`shipping_bill.${field}`);
    }
    expect((await org.api.get('/invoices?per_page=50')).body.invoices).toHaveLength(1);
  });
});

describe('PUT /invoices/{invoice_id}/shipping_bill', () => {
  it('sets it on an issued export, after its GSTR-1 is filed, and the filing lists the invoice as changed', async () => {
    const exported = (await invoice({})).body.invoice;
    expect(exported.shipping_bill).toBeNull();
    const filed = await org.api.put(`/gst/returns/${SUPPLIER_GSTIN}/062026/filed`, { return: 'GSTR1', arn: 'AA2906260000001', filed_on: '2026-07-04' }, { idempotencyKey: newKey() });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    // A debit note to the customer is reported by the filed GSTR-1: refused.
    const raised = await createDebitNote(org.api, { vendor_id: acme, invoice_id: exported.invoice_id, date: '2026-06-20', line_items: [{ invoice_line_item_id: exported.line_items[0].line_item_id, amount: 10 }] });
    expect(raised).toMatchObject({ status: 409, body: { code: 'conflict.period_filed' } });

    t.clock.set(new Date('2026-07-06T06:00:00Z'));
    const res = await setBill(exported.invoice_id, { ...BILL, port_code: 'inmaa1', number: '7654321' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.invoice.shipping_bill).toEqual({ port_code: 'INMAA1', number: '7654321', date: '2026-06-12' });
    const marked = await org.api.get(`/gst/returns/${SUPPLIER_GSTIN}/062026/filed?return=GSTR1`);
    expect(marked.body.filed_return.changed_since).toEqual([{
      source: 'INVOICE', source_id: exported.invoice_id, number: exported.invoice_number, date: '2026-06-10', change: 'SHIPPING_BILL', changed_time: expect.stringMatching(/^2026-07-06T06:00/),
    }]);
    const gstr1 = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(gstr1.body.gstr1.exp[0].inv.map((i: Json) => i.sbnum)).toEqual(['1234567', '7654321']);
    const activity = await org.api.get(`/invoices/${exported.invoice_id}/activity`);
    expect(activity.body.activity).toEqual(expect.arrayContaining([expect.objectContaining({
      action: 'INVOICE_UPDATED', changes: { shipping_bill: { old: null, new: { port_code: 'INMAA1', number: '7654321', date: '2026-06-12' } } },
    })]));
  });

  it('refuses a domestic invoice (on invoice_id), a date before the invoice, a void invoice; another organisation\'s is 404', async () => {
    const domestic = (await invoice({ customer_id: walkIn, place_of_supply: 'IN-KA', date: '2026-07-01' })).body.invoice;
    expect(await setBill(domestic.invoice_id, BILL)).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'invoice_id' } });
    const exported = (await invoice({ date: '2026-07-01' })).body.invoice;
    expect(await setBill(exported.invoice_id, BILL)).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'date' } });
    expect(await setBill(exported.invoice_id, { ...BILL, port_code: 'IN' })).toMatchObject({ status: 400, body: { field: 'port_code' } });
    expect((await org.api.post(`/invoices/${exported.invoice_id}/void`, {})).status).toBe(200);
    expect(await setBill(exported.invoice_id, { ...BILL, date: '2026-07-02' })).toMatchObject({ status: 409, body: { code: 'conflict.invalid_state' } });
    const other = await t.given.org({ state_code: 'IN-KA' });
    expect(await other.api.put(`/invoices/${exported.invoice_id}/shipping_bill`, BILL, { idempotencyKey: newKey() })).toMatchObject({ status: 404 });
  });
});
