import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstCustomer, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createInvoice, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Delivery challans (CGST Rule 55): goods that move without a sale, their series, Rule 55's
 * contents, goods on approval past six months (s.31(7)), GSTR-1 Table 13, and the e-way bills of
 * movements that are not sales (job work, a transfer within one GSTIN, a sales return, a purchase
 * return), each e-way bill validated against NIC's schema by the test client.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let jobWorker: string;
let raman: string;

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const BRANCH = { Gstin: SUPPLIER_GSTIN, TrdName: 'Karnataka Traders Pvt. Ltd.', Addr1: '42, 1st Main Road', Addr2: 'Koramangala', Place: 'Bengaluru', Pincode: 560034, StateCode: 29 };
const RAMAN = { Gstin: CUSTOMER_GSTIN, TrdName: 'Raman Traders', Addr1: '14, 2nd Cross, Indiranagar', Addr2: null, Place: 'Bengaluru', Pincode: 560038, StateCode: 29 };
const UDYOG = { Gstin: OTHER_STATE_GSTIN, TrdName: 'Udyog Supplies', Addr1: 'Plot 7, MIDC Bhosari', Addr2: null, Place: 'Pune', Pincode: 411026, StateCode: 27 };
const side = (prefix: 'from' | 'to', party: Record<string, unknown>) => Object.fromEntries(Object.entries(party).map(([k, v]) => [`${prefix}${k}`, v]));
/** The organisation's own PAN registered in Maharashtra: another GSTIN, another taxable person (s.25(4)). */
const MUMBAI_GSTIN = '27AABCB1234F1Z8';
const DAY = '2026-06-10';

const steel = (quantity: number, rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Steel sheet', description: 'Cold-rolled, 1 mm', hsn_or_sac: '72091610', quantity, unit: 'kgs', rate, ...extra });
const laptops = (quantity: number, rate: number) => ({ name: 'Laptop', description: 'Laptop, 14 inch', hsn_or_sac: '84713010', quantity, unit: 'nos', rate, tax_id: gst18 });

async function challan(body: Record<string, unknown>, status = 201) {
  const res = await org.api.post('/delivery_challans', { date: DAY, ...body }, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body.delivery_challan;
}
async function ewayBill(path: string, query = '') {
  const res = await org.api.get(`${path}/ewaybill${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t, { name: 'Karnataka Traders Pvt. Ltd.', address: HEAD_OFFICE });
  gst18 = await taxId(org.api, 18);
  jobWorker = await gstVendor(org.api);
  raman = await gstCustomer(org.api);
});
afterAll(async () => { await t.close(); });

describe('POST /delivery_challans', () => {
  let jobWork: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

  it("issues a job-work challan with Rule 55's contents, numbered DC- from its own series, posting nothing", async () => {
    jobWork = await challan({ reason: 'JOB_WORK', contact_id: jobWorker, line_items: [steel(100, 300)], transport_mode: 'road', distance_km: 850, vehicle_no: 'KA 01 AB 1234' });
    expect(jobWork).toMatchObject({
      delivery_challan_number: 'DC-26-27-00001', reason: 'JOB_WORK', status: 'ISSUED', contact_id: jobWorker, to_branch_id: null, date: '2026-06-10T00:00:00',
      consignor: { name: 'Karnataka Traders Pvt. Ltd.', gstin: SUPPLIER_GSTIN, address: { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034' } },
      consignee: { name: 'Udyog Supplies', gstin: OTHER_STATE_GSTIN, address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026' } },
      // Inter-state: the consignee's state (Rule 55(1)(f)).
      place_of_supply: 'IN-MH',
      // 100 kg × 300 = 30,000; no tax on goods sent for job work.
      sub_total: 30000, tax_total: 0, total: 30000,
      transport_mode: 'road', distance_km: 850, vehicle_no: 'KA01AB1234', invoice_id: null, approval_due_date: null, approval_overdue: false,
    });
    expect(jobWork.line_items).toMatchObject([{ name: 'Steel sheet', hsn_or_sac: '72091610', quantity: 100, unit: 'KGS', rate: 300, item_total: 30000, tax_amount: 0 }]);
    const again = await challan({ reason: 'JOB_WORK', contact_id: jobWorker, line_items: [steel(10, 300)] });
    expect(again.delivery_challan_number).toBe('DC-26-27-00002');
    expect((await org.api.get(`/delivery_challans/${jobWork.delivery_challan_id}`)).body.delivery_challan).toEqual(jobWork);
    const activity = await org.api.get(`/activity?entity_type=DELIVERY_CHALLAN&entity_id=${jobWork.delivery_challan_id}`);
    expect(activity.body.activity.map((a: { action: string }) => a.action)).toEqual(['DELIVERY_CHALLAN_CREATED']);
    await expectBooksBalanced(org.api);
  });

  it('gives the job work its e-way bill: CHL, sub-supply 4, required inter-state though worth ₹30,000 (Rule 138(1), third proviso)', async () => {
    const res = await ewayBill(`/delivery_challans/${jobWork.delivery_challan_id}`);
    expect(res).toEqual({
      code: 0, message: 'success', required: true,
      ewaybill: {
        supplyType: 'O', subSupplyType: '4', docType: 'CHL', docNo: 'DC-26-27-00001', docDate: '10/06/2026', transactionType: 1,
        ...side('from', BRANCH), ...side('to', UDYOG), actFromStateCode: 29, actToStateCode: 27,
        // 30,000, no tax.
        totalValue: 30000, cgstValue: 0, sgstValue: 0, igstValue: 0, cessValue: 0, cessNonAdvolValue: 0, totInvValue: 30000,
        transMode: '1', transDistance: '850', transporterId: null, vehicleNo: 'KA01AB1234', vehicleType: 'R', subSupplyDesc: null, transDocNo: null, transDocDate: null, transporterName: null,
        itemList: [{ productName: 'Steel sheet', productDesc: 'Cold-rolled, 1 mm', hsnCode: 72091610, quantity: 100, qtyUnit: 'KGS', taxableAmount: 30000,
          cgstRate: 0, sgstRate: 0, igstRate: 0, cessRate: 0, cessNonadvol: 0 }],
      },
    });
  });

  it('refuses bad input with the field, writing nothing', async () => {
    const before = (await org.api.get('/delivery_challans?per_page=200')).body.delivery_challans.length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ reason: 'JOB_WORK', line_items: [steel(1, 1)] }, 'validation.required_field', 'contact_id'],
      [{ reason: 'JOB_WORK', contact_id: jobWorker, line_items: [steel(1, 1, { hsn_or_sac: undefined })] }, 'validation.required_field', 'line_items[0].hsn_or_sac'],
      [{ reason: 'SALE', contact_id: jobWorker, line_items: [steel(1, 1)] }, 'validation.invalid_value', 'reason'],
      [{ reason: 'JOB_WORK', to_branch_id: org.defaultBranchId, line_items: [steel(1, 1)] }, 'validation.invalid_value', 'reason'],
      [{ reason: 'OWN_USE', contact_id: raman, to_branch_id: org.defaultBranchId, line_items: [steel(1, 1)] }, 'validation.invalid_value', 'to_branch_id'],
      [{ reason: 'OWN_USE', to_branch_id: org.defaultBranchId, line_items: [steel(1, 1)] }, 'validation.invalid_value', 'to_branch_id'],
      [{ reason: 'JOB_WORK', contact_id: jobWorker, line_items: [steel(1, 1, { quantity: -1 })] }, 'validation.invalid_value', 'line_items[0].quantity'],
    ];
    for (const [body, code, field] of cases) {
      const res = await org.api.post('/delivery_challans', { date: DAY, ...body }, { idempotencyKey: newKey() });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ code, field });
    }
    expect((await org.api.get('/delivery_challans?per_page=200')).body.delivery_challans).toHaveLength(before);
  });

  it("answers 404 for another organisation's challan, contact or branch", async () => {
    const other = await gstOrg(t, { name: 'Other Traders' });
    const otherContact = await gstVendor(other.api);
    const theirs = (await other.api.post('/delivery_challans', { reason: 'JOB_WORK', contact_id: otherContact, date: DAY, line_items: [steel(1, 100)] }, { idempotencyKey: newKey() })).body.delivery_challan;
    for (const path of [`/delivery_challans/${theirs.delivery_challan_id}`, `/delivery_challans/${theirs.delivery_challan_id}/ewaybill`]) {
      expect((await org.api.get(path)).status, path).toBe(404);
    }
    expect((await org.api.post(`/delivery_challans/${theirs.delivery_challan_id}/void`, {}, { idempotencyKey: newKey() })).status).toBe(404);
    const res = await org.api.post('/delivery_challans', { reason: 'JOB_WORK', contact_id: otherContact, date: DAY, line_items: [steel(1, 1)] }, { idempotencyKey: newKey() });
    expect([res.status, res.body.field]).toEqual([404, 'contact_id']);
    const toTheirs = await org.api.post('/delivery_challans', { reason: 'OWN_USE', to_branch_id: other.defaultBranchId, date: DAY, line_items: [steel(1, 1)] }, { idempotencyKey: newKey() });
    expect([toTheirs.status, toTheirs.body.field]).toEqual([404, 'to_branch_id']);
  });
});

describe('transfers between branches', () => {
  it('moves goods to a branch of the same GSTIN on a challan: own use, fromGstin = toGstin', async () => {
    const mysuru = (await t.admin.post(`/orgs/${org.orgId}/branches`, {
      name: 'Mysuru warehouse', state_code: 'IN-KA', address: { address: '9, Hebbal Industrial Area', city: 'Mysuru', zip: '570016' },
    })).body.branch.branch_id;
    const moved = await challan({ reason: 'OWN_USE', to_branch_id: mysuru, line_items: [laptops(20, 3000)] });
    // 20 × 3,000 = 60,000 with 9% + 9% shown: 5,400 each, 70,800.
    expect(moved).toMatchObject({ contact_id: null, to_branch_id: mysuru, place_of_supply: 'IN-KA', sub_total: 60000, cgst_total: 5400, sgst_total: 5400, total: 70800,
      consignee: { name: 'Karnataka Traders Pvt. Ltd. (Mysuru warehouse)', gstin: SUPPLIER_GSTIN } });
    const res = await ewayBill(`/delivery_challans/${moved.delivery_challan_id}`, '?transport_mode=road&distance_km=150&vehicle_no=KA09MB4321');
    expect(res.required).toBe(true);
    expect(res.ewaybill).toMatchObject({
      supplyType: 'O', subSupplyType: '5', docType: 'CHL', ...side('from', BRANCH),
      toGstin: SUPPLIER_GSTIN, toTrdName: 'Karnataka Traders Pvt. Ltd.', toAddr1: '9, Hebbal Industrial Area', toPlace: 'Mysuru', toPincode: 570016, toStateCode: 29, actToStateCode: 29,
      totalValue: 60000, cgstValue: 5400, sgstValue: 5400, totInvValue: 70800,
    });
  });

  it('refuses a challan to a branch of another GSTIN, and supplies to it on an invoice: taxed, in GSTR-1 b2b and e-way-billed (s.25(4), Schedule I para 2)', async () => {
    const mumbai = (await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Mumbai', state_code: 'IN-MH', gstin: MUMBAI_GSTIN })).body.branch.branch_id;
    const refused = await org.api.post('/delivery_challans', { reason: 'OWN_USE', to_branch_id: mumbai, date: DAY, line_items: [laptops(1, 1000)] }, { idempotencyKey: newKey() });
    expect([refused.status, refused.body.field]).toEqual([400, 'to_branch_id']);
    const registration = await gstCustomer(org.api, {
      contact_name: 'Karnataka Traders (Mumbai)', gst_no: MUMBAI_GSTIN,
      billing_address: { address: 'Unit 4, Andheri East', city: 'Mumbai', state_code: 'IN-MH', zip: '400069', country: 'India' },
    });
    const sent = await createInvoice(org.api, { customer_id: registration, date: DAY, place_of_supply: 'IN-MH', auto_approve: true, line_items: [laptops(20, 3000)] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    // 60,000 inter-state: IGST 18% = 10,800.
    expect(sent.body.invoice).toMatchObject({ place_of_supply: 'IN-MH', igst_total: 10800, cgst_total: 0, total: 70800 });
    const gstr1 = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=062026`);
    expect(gstr1.status, JSON.stringify(gstr1.body)).toBe(200);
    expect(gstr1.body.gstr1.b2b).toContainEqual(expect.objectContaining({ ctin: MUMBAI_GSTIN,
      inv: [expect.objectContaining({ inum: sent.body.invoice.invoice_number, val: 70800, pos: '27', itms: [{ num: 1, itm_det: { txval: 60000, rt: 18, iamt: 10800, camt: 0, samt: 0, csamt: 0 } }] })] }));
    const res = await ewayBill(`/invoices/${sent.body.invoice.invoice_id}`);
    expect(res.ewaybill).toMatchObject({ supplyType: 'O', subSupplyType: '1', docType: 'INV', fromGstin: SUPPLIER_GSTIN, toGstin: MUMBAI_GSTIN, toStateCode: 27, igstValue: 10800, totInvValue: 70800 });
    expect(res.required).toBe(true);
  });
});

describe('returns', () => {
  it("moves a customer's sales return inward on a challan: sub-supply 7, from the customer to the branch", async () => {
    const sold = await createInvoice(org.api, { customer_id: raman, date: DAY, place_of_supply: 'IN-KA', auto_approve: true, line_items: [laptops(30, 1500)] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const note = await createCreditNote(org.api, { customer_id: raman, invoice_id: sold.body.invoice.invoice_id, date: '2026-06-12',
      line_items: [{ invoice_line_item_id: sold.body.invoice.line_items[0].line_item_id, quantity: 10 }] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const res = await ewayBill(`/credit_notes/${note.body.credit_note.credit_note_id}`, '?transport_mode=road&distance_km=12&vehicle_no=KA03CD5678');
    expect(res).toEqual({
      code: 0, message: 'success', required: false,
      ewaybill: {
        supplyType: 'I', subSupplyType: '7', docType: 'CHL', docNo: note.body.credit_note.credit_note_number, docDate: '12/06/2026', transactionType: 1,
        ...side('from', RAMAN), ...side('to', BRANCH), actFromStateCode: 29, actToStateCode: 29,
        // 10 × 1,500 = 15,000; 9% = 1,350 each; 17,700 ≤ 50,000.
        totalValue: 15000, cgstValue: 1350, sgstValue: 1350, igstValue: 0, cessValue: 0, cessNonAdvolValue: 0, totInvValue: 17700,
        transMode: '1', transDistance: '12', transporterId: null, vehicleNo: 'KA03CD5678', vehicleType: 'R', subSupplyDesc: null, transDocNo: null, transDocDate: null, transporterName: null,
        itemList: [{ productName: 'Laptop', productDesc: 'Laptop, 14 inch', hsnCode: 84713010, quantity: 10, qtyUnit: 'NOS', taxableAmount: 15000,
          cgstRate: 9, sgstRate: 9, igstRate: 0, cessRate: 0, cessNonadvol: 0 }],
      },
    });
    await expectBooksBalanced(org.api);
  });

  it('moves goods back to a vendor on a challan: purchase return, sub-supply 8 "Purchase Return", tax shown', async () => {
    const back = await challan({ reason: 'PURCHASE_RETURN', contact_id: jobWorker, line_items: [laptops(10, 6000)] });
    // 10 × 6,000 = 60,000 to Maharashtra: IGST 18% = 10,800; 70,800.
    expect(back).toMatchObject({ reason: 'PURCHASE_RETURN', place_of_supply: 'IN-MH', sub_total: 60000, igst_total: 10800, total: 70800 });
    const res = await ewayBill(`/delivery_challans/${back.delivery_challan_id}`);
    expect(res.required).toBe(true);
    expect(res.ewaybill).toMatchObject({
      supplyType: 'O', subSupplyType: '8', subSupplyDesc: 'Purchase Return', docType: 'CHL', ...side('from', BRANCH), ...side('to', UDYOG),
      totalValue: 60000, igstValue: 10800, totInvValue: 70800,
    });
    expect(res.ewaybill.itemList[0]).toMatchObject({ igstRate: 18, taxableAmount: 60000 });
  });
});

describe('goods sent on approval (s.31(7))', () => {
  let late: string;
  let onTime: string;

  it('lists as overdue the challans whose six months ran out, by the business date', async () => {
    // Removed 10 December 2025: due 10 June 2026, overdue on 15 June. Removed 15 December: due 15 June, still on time.
    late = (await challan({ reason: 'ON_APPROVAL', contact_id: raman, date: '2025-12-10', line_items: [laptops(1, 50000)] })).delivery_challan_id;
    onTime = (await challan({ reason: 'ON_APPROVAL', contact_id: raman, date: '2025-12-15', line_items: [laptops(1, 40000)] })).delivery_challan_id;
    const shown = (await org.api.get(`/delivery_challans/${late}`)).body.delivery_challan;
    expect(shown).toMatchObject({ approval_due_date: '2026-06-10', approval_overdue: true });
    const overdue = await org.api.get('/delivery_challans?overdue=true');
    expect(overdue.status, JSON.stringify(overdue.body)).toBe(200);
    expect(overdue.body.delivery_challans.map((c: { delivery_challan_id: string }) => c.delivery_challan_id)).toEqual([late]);
    // 16 June 2026, 00:30 in India (15 June 19:00 UTC): the second is overdue too.
    t.clock.set(new Date('2026-06-15T19:00:00Z'));
    const next = await org.api.get('/delivery_challans?overdue=true');
    expect(next.body.delivery_challans.map((c: { delivery_challan_id: string }) => c.delivery_challan_id)).toEqual([onTime, late]);
  });

  it('records the invoice that supplied the goods: no longer overdue', async () => {
    const draft = await createInvoice(org.api, { customer_id: raman, date: '2026-06-16', place_of_supply: 'IN-KA', line_items: [laptops(1, 50000)] });
    const refused = await org.api.post(`/delivery_challans/${late}/invoice`, { invoice_id: draft.body.invoice.invoice_id }, { idempotencyKey: newKey() });
    expect([refused.status, refused.body.field]).toEqual([400, 'invoice_id']);
    const unknown = await org.api.post(`/delivery_challans/${late}/invoice`, { invoice_id: 'inv_01KV00000000000000000000' }, { idempotencyKey: newKey() });
    expect([unknown.status, unknown.body.field]).toEqual([404, 'invoice_id']);
    const toAnother = await createInvoice(org.api, { customer_id: await gstCustomer(org.api, { contact_name: 'Another buyer' }), date: '2026-06-16', place_of_supply: 'IN-KA', auto_approve: true, line_items: [laptops(1, 50000)] });
    const elsewhere = await org.api.post(`/delivery_challans/${late}/invoice`, { invoice_id: toAnother.body.invoice.invoice_id }, { idempotencyKey: newKey() });
    expect([elsewhere.status, elsewhere.body.field]).toEqual([400, 'invoice_id']);
    const issued = await createInvoice(org.api, { customer_id: raman, date: '2026-06-16', place_of_supply: 'IN-KA', auto_approve: true, line_items: [laptops(1, 50000)] });
    const res = await org.api.post(`/delivery_challans/${late}/invoice`, { invoice_id: issued.body.invoice.invoice_id }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.delivery_challan).toMatchObject({ invoice_id: issued.body.invoice.invoice_id, approval_overdue: false });
    expect((await org.api.post(`/delivery_challans/${late}/invoice`, { invoice_id: issued.body.invoice.invoice_id }, { idempotencyKey: newKey() })).status).toBe(409);
    const overdue = await org.api.get('/delivery_challans?overdue=true');
    expect(overdue.body.delivery_challans.map((c: { delivery_challan_id: string }) => c.delivery_challan_id)).toEqual([onTime]);
    t.clock.set(new Date('2026-06-15T06:00:00Z'));
  });
});

describe('void and GSTR-1 Table 13', () => {
  it('cancels a mistaken challan: it moves nothing after (409), and counts as cancelled', async () => {
    const mistaken = await challan({ reason: 'OTHER', contact_id: raman, line_items: [steel(5, 200)] });
    const res = await org.api.post(`/delivery_challans/${mistaken.delivery_challan_id}/void`, {}, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.delivery_challan.status).toBe('CANCELLED');
    expect((await org.api.post(`/delivery_challans/${mistaken.delivery_challan_id}/void`, {}, { idempotencyKey: newKey() })).status).toBe(409);
    expect((await org.api.get(`/delivery_challans/${mistaken.delivery_challan_id}/ewaybill`)).status).toBe(409);
  });

  it('counts June\'s challans by kind: 9 job work, 12 other than by way of supply, the cancelled one included', async () => {
    const res = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=062026`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const kinds = res.body.gstr1.doc_issue.doc_det.filter((d: { doc_num: number }) => d.doc_num >= 9);
    // June: DC-26-27-00001 and 00002 job work; 00003 to Mysuru, 00004 the purchase return, 00005 the cancelled one (other). Those on approval are dated December 2025, of 2025-26.
    expect(kinds).toEqual([
      { doc_num: 9, doc_typ: 'Delivery Challan for job work', docs: [{ num: 1, from: 'DC-26-27-00001', to: 'DC-26-27-00002', totnum: 2, cancel: 0, net_issue: 2 }] },
      { doc_num: 12, doc_typ: 'Delivery Challan in cases other than by way of supply (excluding at S no. 9 to 11)',
        docs: [{ num: 1, from: 'DC-26-27-00003', to: 'DC-26-27-00005', totnum: 3, cancel: 1, net_issue: 2 }] },
    ]);
    // Marked filed, June's GSTR-1 freezes its challans: none voided, none issued in June, until it is reopened.
    const filed = await org.api.put(`/gst/returns/${SUPPLIER_GSTIN}/062026/filed`, { return: 'GSTR1', arn: 'AA290626000123X', filed_on: '2026-06-15' });
    expect(filed.status, JSON.stringify(filed.body)).toBe(200);
    const jobWork = (await org.api.get('/delivery_challans?reason=JOB_WORK')).body.delivery_challans[0];
    const frozen = await org.api.post(`/delivery_challans/${jobWork.delivery_challan_id}/void`, {}, { idempotencyKey: newKey() });
    expect([frozen.status, frozen.body.code]).toEqual([409, 'conflict.period_filed']);
    const late = await org.api.post('/delivery_challans', { reason: 'OTHER', contact_id: raman, date: DAY, line_items: [steel(1, 1)] }, { idempotencyKey: newKey() });
    expect([late.status, late.body.code]).toEqual([409, 'conflict.period_filed']);
    expect((await org.api.delete(`/gst/returns/${SUPPLIER_GSTIN}/062026/filed?return=GSTR1`)).status).toBe(200);
    const december = await org.api.get(`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=122025`);
    expect(december.body.gstr1.doc_issue.doc_det).toEqual([
      { doc_num: 10, doc_typ: 'Delivery Challan for supply on approval', docs: [{ num: 1, from: 'DC-25-26-00001', to: 'DC-25-26-00002', totnum: 2, cancel: 0, net_issue: 2 }] },
    ]);
    await expectBooksBalanced(org.api);
  });
});
