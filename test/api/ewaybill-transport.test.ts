import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, gstVendor } from '../support/gst-documents';
import { createInvoice, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The e-way bill's transport (Part B) recorded on invoices and bills: checked and normalised on
 * create and update, shown on GET, and used by GET …/ewaybill for each field the query leaves out.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

// A valid GSTIN (an example in docs/rules/gstin.md, "Check character") standing for the transporter.
const TRANSPORTER = '27AAPFU0939F1ZV';
const NONE = { transport_mode: null, distance_km: null, vehicle_no: null, transporter_id: null, trans_doc_no: null, trans_doc_date: null, vehicle_type: null, transporter_name: null };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t, { address: { address: '42, 1st Main Road', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  gst18 = await taxId(org.api, 18);
});
afterAll(async () => { await t.close(); });

const laptops = () => ({ name: 'Laptop', hsn_or_sac: '84713010', quantity: 30, unit: 'nos', rate: 1500, tax_id: gst18 });
async function invoice(fields: Json = {}) {
  return createInvoice(org.api, { customer_id: await gstCustomer(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [laptops()], ...fields });
}
async function bill(fields: Json = {}) {
  return org.api.post('/bills', {
    vendor_id: await gstVendor(org.api), date: '2026-06-10', place_of_supply: 'IN-KA', reference_number: `R-${Math.random().toString(36).slice(2, 10)}`,
    line_items: [{ name: 'Steel racks', hsn_or_sac: '9403', quantity: 10, unit: 'pcs', rate: 6000, tax_id: gst18 }], ...fields,
  });
}
const transportOf = (doc: Json) => Object.fromEntries(Object.keys(NONE).map((k) => [k, doc[k]]));

describe('transport on invoices', () => {
  it('is stored as NIC takes it, shown on GET, and fills the e-way bill where the query names nothing', async () => {
    const created = await invoice({
      auto_approve: true, transport_mode: '2', distance_km: 350, vehicle_no: 'ka-01 ab 1234', transporter_id: TRANSPORTER.toLowerCase(),
      trans_doc_no: 'rr/2026-4417', trans_doc_date: '2026-06-11', vehicle_type: 'over_dimensional', transporter_name: ' Container Corporation of India ',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const stored = {
      ...NONE, transport_mode: 'rail', distance_km: 350, vehicle_no: 'KA01AB1234', transporter_id: TRANSPORTER,
      trans_doc_no: 'RR/2026-4417', trans_doc_date: '2026-06-11', vehicle_type: 'over_dimensional', transporter_name: 'Container Corporation of India',
    };
    expect(transportOf(created.body.invoice)).toEqual(stored);
    const id = created.body.invoice.invoice_id;
    expect(transportOf((await org.api.get(`/invoices/${id}`)).body.invoice)).toEqual(stored);

    const plain = await org.api.get(`/invoices/${id}/ewaybill`);
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    // 30 × 1,500 = 45,000 + 9% CGST and SGST 4,050 each = 53,100.
    expect(plain.body.ewaybill).toMatchObject({
      transMode: '2', transDistance: '350', vehicleNo: 'KA01AB1234', transporterId: TRANSPORTER, totInvValue: 53100,
      transDocNo: 'RR/2026-4417', transDocDate: '11/06/2026', vehicleType: 'O', transporterName: 'Container Corporation of India',
    });

    // The query wins field by field: a vehicle changed on the way, the rest as recorded.
    const changed = await org.api.get(`/invoices/${id}/ewaybill?vehicle_no=MH12CD5678&transport_mode=road&vehicle_type=regular&trans_doc_no=LR-77`);
    expect(changed.body.ewaybill).toMatchObject({ transMode: '1', transDistance: '350', vehicleNo: 'MH12CD5678', transporterId: TRANSPORTER, vehicleType: 'R', transDocNo: 'LR-77', transDocDate: '11/06/2026' });

    // Rail without its railway receipt: the e-way bill system refuses it.
    const noReceipt = await org.api.get(`/invoices/${(await invoice({ auto_approve: true, transport_mode: 'rail', distance_km: 350 })).body.invoice.invoice_id}/ewaybill`);
    expect(noReceipt.status).toBe(400);
    expect(noReceipt.body.errors.map((e: Json) => e.field)).toEqual(['transDocNo', 'transDocDate']);
  });

  it('is set and cleared on a DRAFT invoice; a SENT one is not edited (409)', async () => {
    const draft = (await invoice()).body.invoice;
    expect(transportOf(draft)).toEqual(NONE);
    const set = await org.api.put(`/invoices/${draft.invoice_id}`, { transport_mode: 'ship', distance_km: 0, vehicle_no: '22 BH 1234 AB' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(transportOf(set.body.invoice)).toEqual({ ...NONE, transport_mode: 'ship', distance_km: 0, vehicle_no: '22BH1234AB' });
    const cleared = await org.api.put(`/invoices/${draft.invoice_id}`, { vehicle_no: null, notes: 'By sea', trans_doc_no: 'BL-1', trans_doc_date: '2026-06-12' });
    expect(transportOf(cleared.body.invoice)).toEqual({ ...NONE, transport_mode: 'ship', distance_km: 0, trans_doc_no: 'BL-1', trans_doc_date: '2026-06-12' });
    const undone = await org.api.put(`/invoices/${draft.invoice_id}`, { trans_doc_no: null, trans_doc_date: null });
    expect(transportOf(undone.body.invoice)).toEqual({ ...NONE, transport_mode: 'ship', distance_km: 0 });

    const approved = await org.api.post(`/invoices/${draft.invoice_id}/approve`);
    expect(approved.status).toBe(200);
    const late = await org.api.put(`/invoices/${draft.invoice_id}`, { vehicle_no: 'KA01AB1234' });
    expect(late.status).toBe(409);
  });

  it('refuses a vehicle number, a transporter id, a mode or a distance the e-way bill rules do not take (400 on the field), writing nothing', async () => {
    const before = (await org.api.get('/invoices?per_page=200')).body.invoices.length;
    const cases: [Json, string][] = [
      [{ vehicle_no: 'ABCDEFG' }, 'vehicle_no'],
      [{ vehicle_no: 'KA01AB12345' }, 'vehicle_no'],
      [{ transporter_id: '27AAPFU0939F1ZW' }, 'transporter_id'],
      [{ transporter_id: 'AB12345678901Z5' }, 'transporter_id'],
      [{ transport_mode: 'truck' }, 'transport_mode'],
      [{ distance_km: 4001 }, 'distance_km'],
      [{ distance_km: -1 }, 'distance_km'],
      [{ trans_doc_no: 'LR 4417' }, 'trans_doc_no'],
      [{ trans_doc_no: 'LR-12345678901234' }, 'trans_doc_no'],
      [{ trans_doc_date: '2026-02-30' }, 'trans_doc_date'],
      [{ vehicle_type: 'truck' }, 'vehicle_type'],
      [{ transporter_name: 'x'.repeat(101) }, 'transporter_name'],
    ];
    for (const [fields, field] of cases) {
      const res = await invoice(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body, JSON.stringify(fields)).toMatchObject({ code: 'validation.invalid_value', field });
    }
    expect((await org.api.get('/invoices?per_page=200')).body.invoices.length).toBe(before);
    const draft = (await invoice()).body.invoice;
    const bad = await org.api.put(`/invoices/${draft.invoice_id}`, { vehicle_no: '1234567' });
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'vehicle_no' });
    expect((await org.api.get(`/invoices/${draft.invoice_id}`)).body.invoice.version).toBe(draft.version);
  });
});

describe('transport on bills', () => {
  it('is stored on create and update of a DRAFT bill, shown on GET, and fills the inward e-way bill', async () => {
    const created = await bill({ transport_mode: 'air', transporter_id: TRANSPORTER });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.bill.bill_id;
    expect(transportOf(created.body.bill)).toEqual({ ...NONE, transport_mode: 'air', transporter_id: TRANSPORTER });
    const updated = await org.api.put(`/bills/${id}`, { distance_km: 850, trans_doc_no: '098-12345675', trans_doc_date: '2026-06-10', transporter_name: 'Blue Dart' });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(transportOf((await org.api.get(`/bills/${id}`)).body.bill)).toEqual({
      ...NONE, transport_mode: 'air', distance_km: 850, transporter_id: TRANSPORTER, trans_doc_no: '098-12345675', trans_doc_date: '2026-06-10', transporter_name: 'Blue Dart',
    });
    expect((await org.api.post(`/bills/${id}/approve`)).status).toBe(200);

    const res = await org.api.get(`/bills/${id}/ewaybill`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 10 × 6,000 = 60,000 + IGST 18% 10,800 = 70,800 from Maharashtra.
    expect(res.body.ewaybill).toMatchObject({
      supplyType: 'I', transMode: '3', transDistance: '850', vehicleNo: null, transporterId: TRANSPORTER, igstValue: 10800, totInvValue: 70800,
      transDocNo: '098-12345675', transDocDate: '10/06/2026', transporterName: 'Blue Dart', vehicleType: null,
    });
    expect(res.body.required).toBe(true);

    const bad = await bill({ vehicle_no: 'not a vehicle' });
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'vehicle_no' });
  });

  it('leaves the books balanced', async () => {
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
