import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstCustomer, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * E-way bill data (NIC e-way bill API JSON) of invoices and bills, compared field by field with
 * figures worked out by hand: only goods lines count, services (SAC 99…) move nothing.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const BRANCH = { Gstin: SUPPLIER_GSTIN, TrdName: 'Karnataka Traders Pvt. Ltd.', Addr1: '42, 1st Main Road', Addr2: 'Koramangala', Place: 'Bengaluru', Pincode: 560034, StateCode: 29 };
const RAMAN = { Gstin: CUSTOMER_GSTIN, TrdName: 'Raman Traders', Addr1: '14, 2nd Cross, Indiranagar', Addr2: null, Place: 'Bengaluru', Pincode: 560038, StateCode: 29 };
const UDYOG = { Gstin: OTHER_STATE_GSTIN, TrdName: 'Udyog Supplies', Addr1: 'Plot 7, MIDC Bhosari', Addr2: null, Place: 'Pune', Pincode: 411026, StateCode: 27 };
const side = (prefix: 'from' | 'to', party: Record<string, unknown>) => Object.fromEntries(Object.entries(party).map(([k, v]) => [`${prefix}${k}`, v]));
const NO_TRANSPORT = { transMode: null, transDistance: '0', transporterId: null, vehicleNo: null, vehicleType: null, transDocNo: null, transDocDate: null, transporterName: null };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t, { name: 'Karnataka Traders Pvt. Ltd.', address: HEAD_OFFICE });
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

async function approved(lineItems: unknown[], customerId?: string, extra: Record<string, unknown> = {}) {
  const api = org.api;
  const res = await createInvoice(api, { customer_id: customerId ?? await gstCustomer(api), date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: lineItems, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice;
}
const laptops = (quantity: number, rate: number) => ({ name: 'Laptop', description: 'Laptop, 14 inch', hsn_or_sac: '84713010', quantity, unit: 'nos', rate, tax_id: gst18 });
const service = (rate: number) => ({ name: 'Installation service', hsn_or_sac: '998713', quantity: 1, rate, tax_id: gst18 });

describe('GET /invoices/{id}/ewaybill', () => {
  it('gives an intra-state goods invoice above ₹50,000, required, with the transport of the query', async () => {
    const invoice = await approved([laptops(30, 1500)]);
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?transport_mode=road&distance_km=120&vehicle_no=ka%2001%20ab-1234&transporter_id=29AAACR5055K1Z3`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      code: 0, message: 'success', required: true,
      ewaybill: {
        supplyType: 'O', subSupplyType: '1', subSupplyDesc: null, docType: 'INV', docNo: invoice.invoice_number, docDate: '10/06/2026', transactionType: 1,
        ...side('from', BRANCH), ...side('to', RAMAN), actFromStateCode: 29, actToStateCode: 29,
        // 30 × 1,500 = 45,000; 9% = 4,050 each; 45,000 + 8,100 = 53,100 > 50,000.
        totalValue: 45000, cgstValue: 4050, sgstValue: 4050, igstValue: 0, cessValue: 0, cessNonAdvolValue: 0, totInvValue: 53100,
        // A vehicle named without a type is NIC's R, regular.
        transMode: '1', transDistance: '120', transporterId: '29AAACR5055K1Z3', vehicleNo: 'KA01AB1234', vehicleType: 'R', transDocNo: null, transDocDate: null, transporterName: null,
        itemList: [{ productName: 'Laptop', productDesc: 'Laptop, 14 inch', hsnCode: 84713010, quantity: 30, qtyUnit: 'NOS', taxableAmount: 45000,
          cgstRate: 9, sgstRate: 9, igstRate: 0, cessRate: 0, cessNonadvol: 0 }],
      },
    });
    await expectBooksBalanced(org.api);
  });

  it('counts only the goods lines of a mixed B2C invoice (a SAC line and a service item without a code left out): under ₹50,000, the consumer in the place of supply', async () => {
    const item = await org.api.post('/items', { name: 'Annual maintenance', type: 'SERVICE', rate: 5000, tax_id: gst18 });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    // Issued in April 2025, before GSTN's Phase III (from 1 May 2025 every line issued carries a code): a B2C line could still go without one.
    const invoice = await approved([laptops(20, 2000), service(30000), { item_id: item.body.item.item_id, quantity: 1 }],
      await customer(org.api, { gst_treatment: 'CONSUMER', billing_address: { address: '5, Church Street', city: 'Bengaluru', zip: '560001', country: 'India' } }), { date: '2025-04-10' });
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Goods 20 × 2,000 = 40,000 + 18% = 47,200 ≤ 50,000 (the invoice, with the services' 35,400 and 5,900, is 88,500).
    expect(res.body.required).toBe(false);
    // The consumer's address names no state: it is billed in the place of supply, Karnataka.
    expect(res.body.ewaybill).toMatchObject({ toGstin: 'URP', toPincode: 560001, toStateCode: 29, actToStateCode: 29, totalValue: 40000, cgstValue: 3600, sgstValue: 3600, igstValue: 0, totInvValue: 47200, ...NO_TRANSPORT });
    expect(res.body.ewaybill.itemList.map((i: { productName: string }) => i.productName)).toEqual(['Laptop']);
  });

  it('answers 400 on line_items for an invoice of services only', async () => {
    const invoice = await approved([service(80000)]);
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'line_items' });
  });

  it('validates the transport parameters: a mode by its NIC code is taken, an unknown mode and a distance beyond 4000 km are 400', async () => {
    const invoice = await approved([laptops(1, 1000)]);
    const byCode = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?transport_mode=2&trans_doc_no=RR-88&trans_doc_date=2026-06-11`);
    expect(byCode.status, JSON.stringify(byCode.body)).toBe(200);
    expect(byCode.body.ewaybill.transMode).toBe('2');
    const badMode = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?transport_mode=teleport`);
    expect(badMode.status).toBe(400);
    expect(badMode.body.field).toBe('transport_mode');
    const far = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?distance_km=4001`);
    expect(far.status).toBe(400);
    expect(far.body.field).toBe('distance_km');
  });

  it('needs Svc.gst.READ (403 without it), and another organisation\'s invoice is 404', async () => {
    const invoice = await approved([laptops(1, 1000)]);
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.invoices.READ'] });
    expect((await t.api.withToken(token).get(`/invoices/${invoice.invoice_id}/ewaybill`)).status).toBe(403);
    const stranger = await t.given.org();
    expect((await stranger.api.get(`/invoices/${invoice.invoice_id}/ewaybill`)).status).toBe(404);
  });
});

describe('GET /bills/{id}/ewaybill', () => {
  it('gives an inward inter-state bill: from the vendor to the branch, IGST, required', async () => {
    const bill = await postedBill(org.api, await gstVendor(org.api), 6000, {
      place_of_supply: 'IN-KA', line_items: [{ name: 'Steel racks', hsn_or_sac: '9403', quantity: 10, unit: 'pcs', rate: 6000, tax_id: gst18 }],
    });
    const res = await org.api.get(`/bills/${bill.bill_id}/ewaybill?transport_mode=3&distance_km=850&trans_doc_no=awb%2F0987&trans_doc_date=2026-06-11&transporter_name=Blue%20Dart`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      code: 0, message: 'success', required: true,
      ewaybill: {
        supplyType: 'I', subSupplyType: '1', subSupplyDesc: null, docType: 'INV', docNo: bill.bill_number, docDate: '10/06/2026', transactionType: 1,
        ...side('from', UDYOG), ...side('to', BRANCH), actFromStateCode: 27, actToStateCode: 29,
        // 10 × 6,000 = 60,000; IGST 18% = 10,800; 70,800.
        totalValue: 60000, cgstValue: 0, sgstValue: 0, igstValue: 10800, cessValue: 0, cessNonAdvolValue: 0, totInvValue: 70800,
        // By air: on the airway bill, its number in capitals and its date as NIC writes dates.
        transMode: '3', transDistance: '850', transporterId: null, vehicleNo: null, vehicleType: null, transDocNo: 'AWB/0987', transDocDate: '11/06/2026', transporterName: 'Blue Dart',
        itemList: [{ productName: 'Steel racks', productDesc: null, hsnCode: 9403, quantity: 10, qtyUnit: 'PCS', taxableAmount: 60000,
          cgstRate: 0, sgstRate: 0, igstRate: 18, cessRate: 0, cessNonadvol: 0 }],
      },
    });
    const stranger = await t.given.org();
    expect((await stranger.api.get(`/bills/${bill.bill_id}/ewaybill`)).status).toBe(404);
    await expectBooksBalanced(org.api);
  });
});

const racks = { name: 'Steel racks', hsn_or_sac: '9403', quantity: 1, unit: 'pcs', rate: 6000 };
const ACME = { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' };
const ewayBillOf = async (path: string) => {
  const res = await org.api.get(path);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ewaybill;
};

describe('where the goods move from and to', () => {
  it("ships to the customer's other address (type 2) and moves a vendor's goods from its other address (type 3): billed at the party's own state", async () => {
    const shipped = await approved([laptops(1, 1000)], await gstCustomer(org.api, { shipping_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' } }));
    expect(await ewayBillOf(`/invoices/${shipped.invoice_id}/ewaybill`)).toMatchObject({
      transactionType: 2, toGstin: CUSTOMER_GSTIN, toStateCode: 29, toAddr1: 'Plot 7, MIDC Bhosari', toPlace: 'Pune', toPincode: 411026, actToStateCode: 27, ...side('from', BRANCH), actFromStateCode: 29,
    });
    const warehouse = await gstVendor(org.api, { shipping_address: { address: 'Gate 3, Chakan MIDC', city: 'Chakan', state_code: 'IN-MH', zip: '410501', country: 'India' } });
    const bill = await postedBill(org.api, warehouse, 6000, { line_items: [{ ...racks, tax_id: gst18 }] });
    expect(await ewayBillOf(`/bills/${bill.bill_id}/ewaybill`)).toMatchObject({
      transactionType: 3, fromGstin: OTHER_STATE_GSTIN, fromStateCode: 27, fromAddr1: 'Gate 3, Chakan MIDC', fromPlace: 'Chakan', fromPincode: 410501, actFromStateCode: 27, ...side('to', BRANCH), actToStateCode: 29,
    });
  });

  it("makes an export of place of supply 96 whatever the customer's treatment: URP, state 99, leaving from the seller's state, or from the port it is shipped to", async () => {
    const acme = await customer(org.api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: ACME });
    const exported = await approved([laptops(2, 1000)], acme, { place_of_supply: 'IN-96', export_type: 'WOPAY' });
    // 2 × 1,000 = 2,000, zero-rated without payment of IGST: still a tax invoice. No shipping bill yet: the seller's state stands for the port's.
    expect(await ewayBillOf(`/invoices/${exported.invoice_id}/ewaybill?distance_km=10`)).toMatchObject({
      subSupplyType: '3', docType: 'INV', transactionType: 1, toGstin: 'URP', toTrdName: 'Acme Inc.', toStateCode: 99, toAddr1: '500 Market Street', toPincode: 999999, actToStateCode: 29,
      igstValue: 0, totInvValue: 2000,
    });
    const viaPort = await customer(org.api, { contact_name: 'Globex GmbH', gst_treatment: 'UNREGISTERED', billing_address: { address: 'Hafenstrasse 1', city: 'Hamburg', zip: '20457', country: 'DE' },
      shipping_address: { address: 'CFS, JNPT', city: 'Navi Mumbai', state_code: 'IN-MH', zip: '400707', country: 'India' } });
    const viaPortInvoice = await approved([laptops(1, 1000)], viaPort, { place_of_supply: 'IN-96', export_type: 'WOPAY' });
    expect(await ewayBillOf(`/invoices/${viaPortInvoice.invoice_id}/ewaybill`)).toMatchObject({
      subSupplyType: '3', transactionType: 2, toGstin: 'URP', toStateCode: 99, toAddr1: 'CFS, JNPT', toPincode: 400707, actToStateCode: 27,
    });
  });

  it("keeps a supply to an overseas customer in India domestic, and never gives an overseas vendor's bill an e-way bill of its own (409 until a Bill of Entry covers it)", async () => {
    const agent = await customer(org.api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: ACME,
      shipping_address: { address: '12, Anna Salai', city: 'Chennai', state_code: 'IN-TN', zip: '600002', country: 'India' } });
    const domestic = await approved([laptops(1, 1000)], agent, { place_of_supply: 'IN-TN' });
    // IGST 18% of 1,000 = 180; the buyer has no state of its own: billed in the place of supply, Tamil Nadu (33).
    expect(await ewayBillOf(`/invoices/${domestic.invoice_id}/ewaybill`)).toMatchObject({
      subSupplyType: '1', transactionType: 2, toGstin: 'URP', toStateCode: 33, toPincode: 600002, actToStateCode: 33, igstValue: 180, totInvValue: 1180,
    });
    const overseas = await vendor(org.api, { contact_name: 'Shenzhen Parts', gst_treatment: 'OVERSEAS', billing_address: { address: '8 Keji Road', city: 'Shenzhen', zip: '518057', country: 'CN' } });
    const bill = await postedBill(org.api, overseas, 6000, { line_items: [racks] });
    const uncovered = await org.api.get(`/bills/${bill.bill_id}/ewaybill?distance_km=10`);
    expect(uncovered.status).toBe(409);
    expect(uncovered.body).toMatchObject({ code: 'conflict.invalid_state', message: expect.stringContaining('Bill of Entry') });
  });
});

describe('what the e-way bill system would reject', () => {
  it('answers 400 with every problem: no PIN to deliver to, a goods line without an HSN code, road transport with neither vehicle nor transporter', async () => {
    const noPin = await customer(org.api, { gst_treatment: 'CONSUMER', billing_address: { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', country: 'India' } });
    // Issued in April 2025, before GSTN's Phase III (from 1 May 2025 every line issued carries a code): a B2C goods line could still go without one.
    const invoice = await approved([laptops(1, 1000), { name: 'Cable', quantity: 1, rate: 100, tax_id: gst18 }], noPin, { date: '2025-04-10' });
    const res = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?transport_mode=road`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'toPincode' });
    // Without the PIN NIC cannot work the distance out either.
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['toPincode', 'itemList[1].hsnCode', 'transDistance', 'vehicleNo']);
    const byTransporter = await org.api.get(`/invoices/${invoice.invoice_id}/ewaybill?transport_mode=road&transporter_id=29AAACR5055K1Z3`);
    expect(byTransporter.body.errors.map((e: { field: string }) => e.field)).toEqual(['toPincode', 'itemList[1].hsnCode', 'transDistance']);
  });

  it('answers 400 on fromPincode for a vendor without a PIN', async () => {
    const noPin = await vendor(org.api, { gst_no: OTHER_STATE_GSTIN, billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', country: 'India' } });
    const bill = await postedBill(org.api, noPin, 6000, { line_items: [{ ...racks, tax_id: gst18 }] });
    const res = await org.api.get(`/bills/${bill.bill_id}/ewaybill`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'fromPincode' });
  });

  it('answers 409 for a draft or a void invoice or bill: nothing moves on it', async () => {
    const draft = await createInvoice(org.api, { customer_id: await gstCustomer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [laptops(1, 1000)] });
    expect(draft.status).toBe(201);
    const draftRes = await org.api.get(`/invoices/${draft.body.invoice.invoice_id}/ewaybill`);
    expect(draftRes.status).toBe(409);
    expect(draftRes.body).toMatchObject({ code: 'conflict.invalid_state' });
    const voided = await approved([laptops(1, 1000)]);
    expect((await org.api.post(`/invoices/${voided.invoice_id}/void`)).status).toBe(200);
    expect((await org.api.get(`/invoices/${voided.invoice_id}/ewaybill`)).status).toBe(409);
    const draftBill = await org.api.post('/bills', { vendor_id: await gstVendor(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', reference_number: 'R-DRAFT', line_items: [{ ...racks, tax_id: gst18 }] });
    expect(draftBill.status).toBe(201);
    expect((await org.api.get(`/bills/${draftBill.body.bill.bill_id}/ewaybill`)).body).toMatchObject({ code: 'conflict.invalid_state' });
    await expectBooksBalanced(org.api);
  });
});
