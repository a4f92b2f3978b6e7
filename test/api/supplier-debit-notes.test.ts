import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { gstOrg, gstVendor, SUPPLIER_GSTIN } from '../support/gst-documents';
import { postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * A supplier's debit note entered as a bill: it names the bill it raises, posts and counts in
 * GSTR-3B as a bill does, and says what it is.
 */

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
let gst18: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  other = await t.given.org({ state_code: 'IN-KA' });
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const line = (rate: number) => ({ name: 'Steel sheet', hsn_or_sac: '7208', rate, quantity: 1, tax_id: gst18 });
const debitNote = (vendorId: string, originalBillId: unknown, extra: Json = {}) => ({
  vendor_id: vendorId, date: '2026-06-20', due_date: '2026-07-20', place_of_supply: 'IN-KA', bill_number: 'UDN/0007/26-27', document_type: 'SUPPLIER_DEBIT_NOTE',
  original_bill_id: originalBillId, line_items: [line(1000)], ...extra,
});
const countBills = async () => (await org.api.get('/bills?per_page=200')).body.bills.length;

describe('supplier debit notes on bills', () => {
  it('records the debit note raising a bill: the answer, the entry, the payable, its activity and event, and GSTR-3B as for a bill', async () => {
    const local = await gstVendor(org.api, { contact_name: 'Kaveri Steels', gst_no: '29AAACK1234A1Z6', billing_address: { address: '3 Peenya', city: 'Bengaluru', state_code: 'IN-KA', zip: '560058', country: 'India' } });
    const original = await postedBill(org.api, local, 0, { bill_number: 'KS/0101/26-27', date: '2026-06-05', line_items: [line(10000)] });
    expect(original).toMatchObject({ document_type: 'INVOICE', original_bill_id: null });
    const payableBefore = await accountBalance(org.api, 'Accounts Payable');

    const res = await org.api.post('/bills', debitNote(local, original.bill_id, { auto_approve: true }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 1,000 at 9% + 9%: 90 + 90, total 1,180.
    expect(res.body.bill).toMatchObject({
      document_type: 'SUPPLIER_DEBIT_NOTE', original_bill_id: original.bill_id, bill_number: 'UDN/0007/26-27', status: 'OPEN',
      sub_total: 1000, cgst_total: 90, sgst_total: 90, total: 1180, balance: 1180,
    });
    expect((await org.api.get(`/bills/${res.body.bill.bill_id}`)).body.bill).toEqual(res.body.bill);
    // It raises what is payable by its own total, as a bill does (CGST s.34(3)); the bill it raises is as it was.
    expect(await accountBalance(org.api, 'Accounts Payable')).toBeCloseTo(payableBefore - 1180, 2);
    expect((await org.api.get(`/bills/${original.bill_id}`)).body.bill).toMatchObject({ balance: 11800, status: 'OPEN' });

    const activity = (await org.api.get(`/activity?entity_type=BILL&entity_id=${res.body.bill.bill_id}`)).body.activity as Json[];
    expect(activity.find((a) => a.action === 'BILL_CREATED')?.metadata).toMatchObject({ original_bill_id: original.bill_id });
    const events = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'BILL_CREATED').execute();
    expect(events.map((e) => JSON.parse(e.payload).data).find((d) => d.id === res.body.bill.bill_id)).toEqual({
      id: res.body.bill.bill_id, number: 'UDN/0007/26-27', vendor_id: local, total: 1180, status: 'OPEN', document_type: 'SUPPLIER_DEBIT_NOTE', original_bill_id: original.bill_id,
    });

    const r = (await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=062026`)).body.gstr3b;
    // The bill's 900 + the debit note's 90, in each of CGST and SGST.
    expect(r.itc_elg.itc_avl.find((x: Json) => x.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 990, samt: 990, csamt: 0 });
    await expectBooksBalanced(org.api);
  });

  it('refuses a debit note without the bill it raises, or naming one it cannot raise, with the field, writing nothing', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const otherVendor = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const approved = await postedBill(org.api, vendorId, 0, { line_items: [line(2000)] });
    const draft = await org.api.post('/bills', { vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [line(3000)] });
    const voided = await postedBill(org.api, vendorId, 0, { line_items: [line(4000)] });
    expect((await org.api.post(`/bills/${voided.bill_id}/void`)).status).toBe(200);
    const note = (await org.api.post('/bills', debitNote(vendorId, approved.bill_id, { bill_number: 'DN-1', auto_approve: true }))).body.bill;
    const foreign = await postedBill(other.api, await vendor(other.api), 0, { line_items: [{ name: 'Paper', rate: 100, quantity: 1 }] });
    const before = await countBills();

    const cases: [Json, number, string, string][] = [
      [debitNote(vendorId, undefined), 400, 'validation.required_field', 'original_bill_id'],
      [debitNote(vendorId, null), 400, 'validation.required_field', 'original_bill_id'],
      [debitNote(vendorId, approved.bill_id, { document_type: 'INVOICE' }), 400, 'validation.invalid_value', 'original_bill_id'],
      [debitNote(otherVendor, approved.bill_id), 400, 'validation.invalid_value', 'original_bill_id'],
      [debitNote(vendorId, draft.body.bill.bill_id), 400, 'validation.invalid_value', 'original_bill_id'],
      [debitNote(vendorId, voided.bill_id), 400, 'validation.invalid_value', 'original_bill_id'],
      [debitNote(vendorId, note.bill_id), 400, 'validation.invalid_value', 'original_bill_id'],
      [debitNote(vendorId, approved.bill_id, { document_type: 'CREDIT_NOTE' }), 400, 'validation.invalid_value', 'document_type'],
      [debitNote(vendorId, 'not an id!'), 400, 'validation.invalid_value', 'original_bill_id'],
      // An id naming no bill of this organisation answers as any reference in a body does (vendor_id, a note's bill_id): 404 on its field.
      [debitNote(vendorId, 'bill_NOSUCHBILL'), 404, 'not_found.resource', 'original_bill_id'],
      [debitNote(vendorId, foreign.bill_id), 404, 'not_found.resource', 'original_bill_id'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await org.api.post('/bills', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect(await countBills()).toBe(before);
    await expectBooksBalanced(org.api);
  });

  it("turns a draft into a debit note and back by PUT, held to the same rules", async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-KA' });
    const approved = await postedBill(org.api, vendorId, 0, { line_items: [line(5000)] });
    const draft = (await org.api.post('/bills', { vendor_id: vendorId, date: '2026-06-22', place_of_supply: 'IN-KA', line_items: [line(500)] })).body.bill;
    expect(draft).toMatchObject({ document_type: 'INVOICE', original_bill_id: null });

    const refused = await org.api.put(`/bills/${draft.bill_id}`, { document_type: 'SUPPLIER_DEBIT_NOTE' });
    expect(refused.body).toMatchObject({ code: 'validation.required_field', field: 'original_bill_id' });
    const marked = await org.api.put(`/bills/${draft.bill_id}`, { document_type: 'SUPPLIER_DEBIT_NOTE', original_bill_id: approved.bill_id });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.bill).toMatchObject({ document_type: 'SUPPLIER_DEBIT_NOTE', original_bill_id: approved.bill_id });
    const activity = (await org.api.get(`/activity?entity_type=BILL&entity_id=${draft.bill_id}`)).body.activity as Json[];
    expect(activity.find((a) => a.action === 'BILL_UPDATED')?.changes).toMatchObject({
      document_type: { old: 'INVOICE', new: 'SUPPLIER_DEBIT_NOTE' }, original_bill_id: { old: null, new: approved.bill_id },
    });

    const back = await org.api.put(`/bills/${draft.bill_id}`, { document_type: 'INVOICE', original_bill_id: null });
    expect(back.body.bill).toMatchObject({ document_type: 'INVOICE', original_bill_id: null });
    await expectBooksBalanced(org.api);
  });
});
