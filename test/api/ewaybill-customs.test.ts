import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * E-way bills of goods crossing the border (docs/rules/einvoice-ewaybill.md, "The Bill of
 * Entry's e-way bill", "Customs ports") and when Rule 138 requires one ("When an e-way bill is
 * required"), for the Karnataka head office (29) in June 2026. Shenzhen Parts, abroad, bills servo
 * motors and cables at USD 1 = ₹80; they clear customs at Chennai (INMAA1) on Bill of Entry
 * 4417391 and travel to Bengaluru.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let gst18: string;
let bank: string;
let shenzhen: string;

const HEAD_OFFICE = { address: '42, 1st Main Road', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-20T06:00:00Z'));
  org = await gstOrg(t, { name: 'Karnataka Traders Pvt. Ltd.', address: HEAD_OFFICE });
  gst18 = await taxId(org.api, 18);
  bank = await accountId(org.api, 'Bank');
  shenzhen = await vendor(org.api, { contact_name: 'Shenzhen Parts', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '8 Keji Road', city: 'Shenzhen', zip: '518057', country: 'CN' } });
});
afterAll(async () => { await t.close(); });

/** Motors 10 × USD 100 = 1,000 (₹80,000), cables 50 × USD 5 = 250 (₹20,000), and installation support USD 200, a service. */
const importBill = () => postedBill(org.api, shenzhen, 0, {
  currency_code: 'USD', exchange_rate: 80,
  line_items: [
    { name: 'Servo motors', hsn_or_sac: '85015210', quantity: 10, unit: 'nos', rate: 100, tax_id: gst18 },
    { name: 'Control cables', hsn_or_sac: '85444999', quantity: 50, unit: 'mtr', rate: 5, tax_id: gst18 },
    { name: 'Installation support', hsn_or_sac: '998719', rate: 200, tax_id: gst18 },
  ],
});
/**
 * Assessable value 1,02,000 (₹1,00,000 with freight and insurance); BCD 10% = 10,200; SWS 10% of
 * BCD = 1,020; IGST 18% of 1,13,220 = 20,379.60.
 */
const recordBoe = async (fields: Json) => {
  const res = await org.api.post('/bills_of_entry', {
    date: '2026-06-14', port_code: 'INMAA1', assessable_value: 102000, basic_customs_duty: 10200, social_welfare_surcharge: 1020, igst: 20379.6,
    paid_through_account_id: bank, ...fields,
  }, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bill_of_entry;
};

describe('GET /bills_of_entry/{id}/ewaybill', () => {
  it('moves the goods the Bill of Entry clears from the port to the branch: Inward, Import, BOE, URP abroad, the port\'s state, valued as customs assessed them', async () => {
    const bill = await importBill();
    // Before customs cleared them, the goods have no e-way bill: never INV on the foreign vendor's invoice.
    const early = await org.api.get(`/bills/${bill.bill_id}/ewaybill?distance_km=350`);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'conflict.invalid_state', message: expect.stringContaining('Bill of Entry') });

    const boe = await recordBoe({ number: '4417391', bill_ids: [bill.bill_id] });
    const res = await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}/ewaybill?transport_mode=road&distance_km=350&vehicle_no=TN01AB1234`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      code: 0, message: 'success', required: true,
      ewaybill: {
        supplyType: 'I', subSupplyType: '2', subSupplyDesc: null, docType: 'BOE', docNo: '4417391', docDate: '14/06/2026', transactionType: 1,
        fromGstin: 'URP', fromTrdName: 'Shenzhen Parts', fromStateCode: 99, fromAddr1: '8 Keji Road', fromAddr2: null, fromPlace: 'Shenzhen', fromPincode: 999999,
        // Chennai's port, Tamil Nadu (33).
        actFromStateCode: 33,
        toGstin: SUPPLIER_GSTIN, toTrdName: 'Karnataka Traders Pvt. Ltd.', toStateCode: 29, toAddr1: '42, 1st Main Road', toAddr2: null, toPlace: 'Bengaluru', toPincode: 560034,
        actToStateCode: 29,
        // The IGST's value 1,13,220 spread by the bill's values 80,000 : 20,000 = 80% and 20%: 90,576 and 22,644;
        // the IGST 20,379.60 likewise: 16,303.68 and 4,075.92. 1,13,220 + 20,379.60 = 1,33,599.60.
        totalValue: 113220, cgstValue: 0, sgstValue: 0, igstValue: 20379.6, cessValue: 0, cessNonAdvolValue: 0, totInvValue: 133599.6,
        transMode: '1', transDistance: '350', transporterId: null, vehicleNo: 'TN01AB1234', vehicleType: 'R', transDocNo: null, transDocDate: null, transporterName: null,
        itemList: [
          { productName: 'Servo motors', productDesc: null, hsnCode: 85015210, quantity: 10, qtyUnit: 'NOS', taxableAmount: 90576, cgstRate: 0, sgstRate: 0, igstRate: 18, cessRate: 0, cessNonadvol: 0 },
          { productName: 'Control cables', productDesc: null, hsnCode: 85444999, quantity: 50, qtyUnit: 'MTR', taxableAmount: 22644, cgstRate: 0, sgstRate: 0, igstRate: 18, cessRate: 0, cessNonadvol: 0 },
        ],
      },
    });
    // The bill's own e-way bill is now its Bill of Entry's.
    const viaBill = await org.api.get(`/bills/${bill.bill_id}/ewaybill?transport_mode=road&distance_km=350&vehicle_no=TN01AB1234`);
    expect(viaBill.status, JSON.stringify(viaBill.body)).toBe(200);
    expect(viaBill.body.ewaybill).toEqual(res.body.ewaybill);
    await expectBooksBalanced(org.api);
  });

  it('asks for the state of a port it cannot place (400 on actFromStateCode naming port_state), and takes it from port_state', async () => {
    const boe = await recordBoe({ number: '4417392', port_code: 'INXYZ1', bill_ids: [(await importBill()).bill_id] });
    const res = await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}/ewaybill?distance_km=900`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'actFromStateCode', message: expect.stringContaining('port_state') });
    const named = await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}/ewaybill?distance_km=900&port_state=27`);
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.ewaybill).toMatchObject({ docType: 'BOE', docNo: '4417392', actFromStateCode: 27 });
    expect((await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}/ewaybill?port_state=7`)).body).toMatchObject({ code: 'validation.invalid_value', field: 'port_state' });
    // 96 is abroad and 99 NIC's code for it: no customs port of India is there.
    for (const bad of ['96', '99', '00']) {
      expect((await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}/ewaybill?distance_km=900&port_state=${bad}`)).body, bad).toMatchObject({ code: 'validation.invalid_value', field: 'port_state' });
    }
  });

  it('needs the distance when the goods come from abroad (PIN 999999): NIC cannot work it out', async () => {
    const boe = await recordBoe({ number: '4417393', bill_ids: [(await importBill()).bill_id] });
    const res = await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}/ewaybill`);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: Json) => e.field)).toEqual(['transDistance']);
  });

  it('has none for a Bill of Entry covering no bill (409), a void or draft import bill has none (409), another organisation\'s is 404', async () => {
    const bare = await recordBoe({ number: '4417394' });
    expect((await org.api.get(`/bills_of_entry/${bare.bill_of_entry_id}/ewaybill`)).body).toMatchObject({ code: 'conflict.invalid_state' });
    const voided = await importBill();
    expect((await org.api.post(`/bills/${voided.bill_id}/void`)).status).toBe(200);
    expect((await org.api.get(`/bills/${voided.bill_id}/ewaybill`)).body).toMatchObject({ code: 'conflict.invalid_state', message: expect.stringContaining('CANCELLED') });
    const draft = await org.api.post('/bills', {
      vendor_id: shenzhen, date: '2026-06-10', place_of_supply: 'IN-KA', reference_number: 'SZ-DRAFT', currency_code: 'USD', exchange_rate: 80,
      line_items: [{ name: 'Servo motors', hsn_or_sac: '85015210', quantity: 1, rate: 100 }],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect((await org.api.get(`/bills/${draft.body.bill.bill_id}/ewaybill`)).body).toMatchObject({ code: 'conflict.invalid_state', message: expect.stringContaining('DRAFT') });
    const stranger = await t.given.org();
    expect((await stranger.api.get(`/bills_of_entry/${bare.bill_of_entry_id}/ewaybill`)).status).toBe(404);
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.bills.READ'] });
    expect((await t.api.withToken(token).get(`/bills_of_entry/${bare.bill_of_entry_id}/ewaybill`)).status).toBe(403);
  });
});

describe("an export's port", () => {
  const laptops = (quantity: number) => ({ name: 'Laptop', hsn_or_sac: '84713010', quantity, unit: 'nos', rate: 1000, tax_id: gst18 });
  const exportInvoice = async (shippingBill?: Json) => {
    const acme = await customer(org.api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
    const res = await createInvoice(org.api, {
      customer_id: acme, date: '2026-06-10', place_of_supply: 'IN-96', export_type: 'WOPAY', auto_approve: true, line_items: [laptops(2)],
      ...(shippingBill ? { shipping_bill: shippingBill } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.invoice.invoice_id as string;
  };

  it("leaves India in the state of its shipping bill's port: Nhava Sheva, Maharashtra (27)", async () => {
    const id = await exportInvoice({ port_code: 'INNSA1', number: '2041785', date: '2026-06-12' });
    const res = await org.api.get(`/invoices/${id}/ewaybill?distance_km=1000&transport_mode=road&vehicle_no=KA01AB1234`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 2 × 1,000 = 2,000, zero-rated: an export is inter-state, but ₹2,000 is under ₹50,000.
    expect(res.body).toMatchObject({ required: false, ewaybill: { subSupplyType: '3', docType: 'INV', toGstin: 'URP', toStateCode: 99, toPincode: 999999, actToStateCode: 27, totInvValue: 2000 } });
  });

  it('asks for the state of a shipping bill port it cannot place (400 on actToStateCode), and takes port_state', async () => {
    const id = await exportInvoice({ port_code: 'INXYZ1', number: '2041786', date: '2026-06-12' });
    const res = await org.api.get(`/invoices/${id}/ewaybill?distance_km=1000`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'actToStateCode', message: expect.stringContaining('port_state') });
    expect((await org.api.get(`/invoices/${id}/ewaybill?distance_km=1000&port_state=24`)).body.ewaybill.actToStateCode).toBe(24);
  });
});

describe('when Rule 138 requires an e-way bill', () => {
  const laptops = (quantity: number) => ({ name: 'Laptop', hsn_or_sac: '84713010', quantity, unit: 'nos', rate: 1500, tax_id: gst18 });
  const requiredOf = async (body: Json) => {
    const res = await createInvoice(org.api, { customer_id: await gstCustomer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const ewb = await org.api.get(`/invoices/${res.body.invoice.invoice_id}/ewaybill`);
    expect(ewb.status, JSON.stringify(ewb.body)).toBe(200);
    return ewb.body.required as boolean;
  };

  it('leaves exempt goods out of the value: ₹35,400 taxable with ₹30,000 exempt on one invoice is under ₹50,000', async () => {
    const exempt = ((await org.api.get('/taxes')).body.taxes as Json[]).find((x) => x.tax_percentage === 0 && x.supply_type === 'EXEMPT')!.tax_id;
    // Laptops 20 × 1,500 = 30,000 + 18% = 35,400; unbranded rice 30 × 1,000 = 30,000 exempt. 65,400 in all, 35,400 counted.
    expect(await requiredOf({ line_items: [laptops(20), { name: 'Rice, unbranded', hsn_or_sac: '10063020', quantity: 30, unit: 'kgs', rate: 1000, tax_id: exempt }] })).toBe(false);
    expect(await requiredOf({ line_items: [laptops(30)] })).toBe(true);
  });

  it("holds a movement within the state to the organisation's ewayBillIntraStateThreshold, and one across states to ₹50,000", async () => {
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { ewayBillIntraStateThreshold: 100000 })).body.preferences.ewayBillIntraStateThreshold).toBe(100000);
    // 30 × 1,500 = 45,000 + 18% = 53,100: not above ₹1,00,000 within Karnataka ...
    expect(await requiredOf({ line_items: [laptops(30)] })).toBe(false);
    // ... but above ₹50,000 to Maharashtra.
    const pune = await gstCustomer(org.api, { gst_no: OTHER_STATE_GSTIN, billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' } });
    expect(await requiredOf({ customer_id: pune, place_of_supply: 'IN-MH', line_items: [laptops(30)] })).toBe(true);
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { ewayBillIntraStateThreshold: -1 })).status).toBe(400);
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { ewayBillIntraStateThreshold: 50000 })).status).toBe(200);
  });
});
