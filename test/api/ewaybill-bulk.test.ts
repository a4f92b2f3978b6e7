import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstCustomer, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, postedBill, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The e-way bill portal's bulk-upload file (GET /ewaybills?ids=…&format=bulk): the documents'
 * e-way bills under the bulk tool's field names, figures worked out by hand.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;

const HEAD_OFFICE = { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' };
const BRANCH = { Gstin: SUPPLIER_GSTIN, TrdName: 'Karnataka Traders Pvt. Ltd.', Addr1: '42, 1st Main Road', Addr2: 'Koramangala', Place: 'Bengaluru', Pincode: 560034, StateCode: 29 };
const RAMAN = { Gstin: CUSTOMER_GSTIN, TrdName: 'Raman Traders', Addr1: '14, 2nd Cross, Indiranagar', Addr2: null, Place: 'Bengaluru', Pincode: 560038, StateCode: 29 };
const UDYOG = { Gstin: OTHER_STATE_GSTIN, TrdName: 'Udyog Supplies', Addr1: 'Plot 7, MIDC Bhosari', Addr2: null, Place: 'Pune', Pincode: 411026, StateCode: 27 };
const side = (prefix: 'from' | 'to', party: Record<string, unknown>) => Object.fromEntries(Object.entries(party).map(([k, v]) => [`${prefix}${k}`, v]));

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t, { name: 'Karnataka Traders Pvt. Ltd.', address: HEAD_OFFICE });
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

async function laptopInvoice(extra: Record<string, unknown> = {}) {
  const res = await createInvoice(org.api, {
    customer_id: await gstCustomer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true,
    transport_mode: 'road', distance_km: 12, vehicle_no: 'KA01AB1234',
    line_items: [{ name: 'Laptop', description: 'Laptop, 14 inch', hsn_or_sac: '84713010', quantity: 30, unit: 'nos', rate: 1500, tax_id: gst18 }], ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice as { invoice_id: string; invoice_number: string };
}

describe('GET /ewaybills?format=bulk', () => {
  it('gives an invoice and a bill as two billLists entries, with the portal\'s field names, in the order asked', async () => {
    const invoice = await laptopInvoice();
    const bill = await postedBill(org.api, await gstVendor(org.api), 6000, {
      transport_mode: 'air', distance_km: 850, trans_doc_no: '098-12345675', trans_doc_date: '2026-06-11',
      line_items: [{ name: 'Steel racks', hsn_or_sac: '9403', quantity: 10, unit: 'pcs', rate: 6000, tax_id: gst18 }],
    });
    const res = await org.api.get(`/ewaybills?format=bulk&ids=${invoice.invoice_id},${bill.bill_id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.ewaybill_bulk_file).toEqual({
      version: '1.0.0621',
      billLists: [
        {
          // Outward: the branch generates it as the consignor.
          userGstin: SUPPLIER_GSTIN, supplyType: 'O', subSupplyType: '1', subSupplyDesc: '', docType: 'INV', docNo: invoice.invoice_number, docDate: '10/06/2026', transType: 1,
          ...side('from', BRANCH), ...side('to', RAMAN), actualFromStateCode: 29, actualToStateCode: 29,
          // 30 × 1,500 = 45,000; CGST and SGST 9% = 4,050 each; 45,000 + 8,100 = 53,100.
          totalValue: 45000, cgstValue: 4050, sgstValue: 4050, igstValue: 0, cessValue: 0, TotNonAdvolVal: 0, OthValue: 0, totInvValue: 53100,
          transMode: '1', transDistance: '12', transporterName: null, transporterId: null, transDocNo: null, transDocDate: null, vehicleNo: 'KA01AB1234', vehicleType: 'R',
          mainHsnCode: 84713010,
          itemList: [{ itemNo: 1, productName: 'Laptop', productDesc: 'Laptop, 14 inch', hsnCode: 84713010, quantity: 30, qtyUnit: 'NOS', taxableAmount: 45000,
            cgstRate: 9, sgstRate: 9, igstRate: 0, cessRate: 0, cessNonAdvol: 0 }],
        },
        {
          // Inward: the branch generates it as the recipient.
          userGstin: SUPPLIER_GSTIN, supplyType: 'I', subSupplyType: '1', subSupplyDesc: '', docType: 'INV', docNo: bill.bill_number, docDate: '10/06/2026', transType: 1,
          ...side('from', UDYOG), ...side('to', BRANCH), actualFromStateCode: 27, actualToStateCode: 29,
          // 10 × 6,000 = 60,000; IGST 18% = 10,800; 70,800.
          totalValue: 60000, cgstValue: 0, sgstValue: 0, igstValue: 10800, cessValue: 0, TotNonAdvolVal: 0, OthValue: 0, totInvValue: 70800,
          transMode: '3', transDistance: '850', transporterName: null, transporterId: null, transDocNo: '098-12345675', transDocDate: '11/06/2026', vehicleNo: null, vehicleType: null,
          mainHsnCode: 9403,
          itemList: [{ itemNo: 1, productName: 'Steel racks', productDesc: null, hsnCode: 9403, quantity: 10, qtyUnit: 'PCS', taxableAmount: 60000,
            cgstRate: 0, sgstRate: 0, igstRate: 18, cessRate: 0, cessNonAdvol: 0 }],
        },
      ],
    });
    await expectBooksBalanced(org.api);
  });

  it('answers 422 validation.failed for 101 ids, or 200 of the longest, before looking any up', async () => {
    for (const [count, id] of [[101, (i: number) => `inv_${String(i).padStart(26, '0')}`], [200, (i: number) => `dc_${String(i).padStart(61, '0')}`]] as const) {
      const ids = Array.from({ length: count }, (_, i) => id(i)).join(',');
      const res = await org.api.get(`/ewaybills?format=bulk&ids=${ids}`);
      expect(res.status, `${count} ids`).toBe(422);
      expect(res.body).toMatchObject({ code: 'validation.failed', field: 'ids', details: { max_items: 100, received: count } });
    }
  });

  it('answers 404 naming an unknown id, another organisation\'s id and an id of no document kind', async () => {
    const invoice = await laptopInvoice();
    const stranger = await gstOrg(t);
    for (const id of ['inv_00000000000000000000000000', invoice.invoice_id, 'con_00000000000000000000000000', 'toString_1']) {
      const res = await stranger.api.get(`/ewaybills?format=bulk&ids=${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found.resource', field: 'ids', details: { id } });
      expect(res.body.message).toContain(id);
    }
  });

  it('names a document without an e-way bill: a draft is 409, services only 400', async () => {
    const draft = await createInvoice(org.api, {
      customer_id: await gstCustomer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA',
      line_items: [{ name: 'Laptop', hsn_or_sac: '84713010', quantity: 1, rate: 1500, tax_id: gst18 }],
    });
    const invoice = await laptopInvoice();
    const res = await org.api.get(`/ewaybills?format=bulk&ids=${invoice.invoice_id},${draft.body.invoice.invoice_id}`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'conflict.invalid_state', details: { id: draft.body.invoice.invoice_id } });
    const services = await laptopInvoice({ line_items: [{ name: 'Installation service', hsn_or_sac: '998713', quantity: 1, rate: 900, tax_id: gst18 }] });
    const refused = await org.api.get(`/ewaybills?format=bulk&ids=${services.invoice_id}`);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'ids', details: { id: services.invoice_id } });
  });

  it('refuses an id named twice, and no format', async () => {
    const invoice = await laptopInvoice();
    expect((await org.api.get(`/ewaybills?format=bulk&ids=${invoice.invoice_id},${invoice.invoice_id}`)).body).toMatchObject({ code: 'validation.invalid_value', field: 'ids' });
    expect((await org.api.get(`/ewaybills?ids=${invoice.invoice_id}`)).status).toBe(400);
  });
});
