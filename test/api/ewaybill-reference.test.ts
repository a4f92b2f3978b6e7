import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { expectLikeReference } from '../support/reference-compare';
import { createCreditNote, createInvoice, customer, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Bahi's e-way bills of movements that are not sales against india_compliance's published request
 * payloads (test/fixtures/india-compliance-e-waybill.json names the source): a sales return (a
 * Sales Invoice return: Inward, sub-supply 7, CHL) and goods sent to a job worker (a Stock Entry
 * "Send to Subcontractor": Outward, sub-supply 4, CHL). Each is rebuilt through the API with the
 * same parties, addresses, items and amounts, and compared field by field. The test data has no
 * export (no sub-supply type 3 anywhere in it), so an export is held to NIC's schema and to figures
 * worked out by hand in ewaybill-customs.test.ts instead.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const reference: Record<string, Json> = JSON.parse(readFileSync(new URL('../fixtures/india-compliance-e-waybill.json', import.meta.url), 'utf8'));

/** Reference fields Bahi does not match, and why. `*` stands for any item index. */
const IGNORED: Record<string, string> = {
  userGstin: "the GSP's login GSTIN, sent beside the e-way bill; Bahi answers the e-way bill alone",
  docNo: 'the reference holds a placeholder ("test_invoice_no"); Bahi sends its own number',
  mainHsnCode: "optional: NIC takes the first item's HSN; Bahi leaves it out",
  otherValue: "ERPNext's rounding of the document's tax and total; Bahi has no other charges and leaves the optional field out",
  'itemList.*.itemNo': "optional: the item's position, which NIC takes from the list's order",
  'itemList.*.cessNonAdvol': "ERPNext's spelling; NIC's schema names the field cessNonadvol, as Bahi sends it (0 in both)",
};

/** Fields Bahi sends that the reference leaves out (optional in NIC's schema), and why. */
const EXTRA: Record<string, string> = {
  fromAddr2: 'null: the address has one line', toAddr2: 'null: the address has one line',
  transporterId: 'null: no transporter named', 'itemList.*.productName': "the line's name, beside productDesc, its description",
  'itemList.*.cessNonadvol': 'NIC\'s name of the field ERPNext spells cessNonAdvol',
  subSupplyDesc: 'null: only a movement of sub-supply type 8 (others) is described',
  transDocNo: 'null: no transport document named (road)', transDocDate: 'as transDocNo', transporterName: 'null: no transporter named',
};

/*
 * The reference's GSTINs are of Uttarakhand (05) while every address and state code is of Gujarat
 * (24); Bahi ties a registration to its state, so the same PANs registered in Gujarat stand in.
 */
const GSTINS: Record<string, string> = { '05AAACG2115R1ZN': '24AAACG2115R1ZN', '05AAACG2140A1ZL': '24AAACG2140A1ZL' };
const rule = (path: string) => path.replace(/^itemList\.\d+\./, 'itemList.*.');
/**
 * NIC's schema types transMode and transDistance as text and hsnCode as a number; ERPNext sends
 * the opposite, and NIC takes both. Values are compared as text, so only the value counts.
 */
const sameValue = (ours: unknown, theirs: unknown) => ours !== undefined && String(ours) === String(theirs);
const compare = (bahi: Json, ref: Json, ignoredToo: Record<string, string> = {}) => expectLikeReference(bahi, ref, {
  ignored: { ...IGNORED, ...ignoredToo }, extra: EXTRA, rule, equal: sameValue, translate: (v) => (typeof v === 'string' ? GSTINS[v] ?? v : v),
});

let t: TestApp;
let org: OrgFixture;
const ADDRESS = (line: string) => ({ address: line, city: 'Test City', state_code: 'IN-GJ', zip: '380015', country: 'India' });

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2024-07-19T06:00:00Z'));
  const created = await t.admin.post('/orgs', { name: '_Test Indian Registered Company', state_code: 'IN-GJ', gstin: '24AAACG2115R1ZN', address: ADDRESS('Test Address - 1') });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  org = { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
});
afterAll(async () => { await t.close(); });

const goods = (quantity: number, rate: number, tax_id?: string) => ({ name: 'Test Trading Goods 1', description: 'Test Trading Goods 1', hsn_or_sac: '61149090', quantity, unit: 'NOS', rate, ...(tax_id && { tax_id }) });

describe("e-way bills against india_compliance's published request payloads", () => {
  it('credit_note: a sales return of two lines at ₹7.60, 12%, inward from the customer on a challan', async () => {
    const gst12 = await taxId(org.api, 12);
    const buyer = await customer(org.api, { contact_name: '_Test Registered Customer', gst_no: '24AAACG2140A1ZL', gst_treatment: 'REGISTERED', billing_address: ADDRESS('Test Address - 3') });
    const sold = await createInvoice(org.api, { customer_id: buyer, date: '2023-05-22', place_of_supply: 'IN-GJ', auto_approve: true, line_items: [goods(1, 7.6, gst12), goods(1, 7.6, gst12)] });
    expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    const note = await createCreditNote(org.api, { customer_id: buyer, invoice_id: sold.body.invoice.invoice_id, date: '2023-05-22',
      line_items: sold.body.invoice.line_items.map((l: Json) => ({ invoice_line_item_id: l.line_item_id, quantity: 1 })) });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const res = await org.api.get(`/credit_notes/${note.body.credit_note.credit_note_id}/ewaybill?transport_mode=road&distance_km=1&vehicle_no=GJ05DL9009`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    compare(res.body.ewaybill, reference.credit_note!, {
      // ERPNext taxes the document (6% of ₹15.20 = ₹0.912, ₹0.91) and rounds the total to the rupee (otherValue −0.02);
      // Bahi taxes each line as it posts it (6% of ₹7.60 = ₹0.456, ₹0.46, twice).
      cgstValue: 'tax per line, not on the document', sgstValue: 'as cgstValue', totInvValue: 'as cgstValue, and ERPNext rounds it to the rupee',
    });
    // By hand: CGST and SGST 0.46 + 0.46 = 0.92 each; 15.20 + 1.84 = 17.04.
    expect(res.body.ewaybill).toMatchObject({ totalValue: 15.2, cgstValue: 0.92, sgstValue: 0.92, totInvValue: 17.04 });
    await expectBooksBalanced(org.api);
  });

  it('stock_entry: goods worth ₹100 sent to a job worker in the same State on a challan', async () => {
    const jobWorker = await vendor(org.api, { contact_name: 'Test Registered Supplier', gst_no: '24AAACG2140A1ZL', gst_treatment: 'REGISTERED', billing_address: ADDRESS('Test Address - 7') });
    const sent = await org.api.post('/delivery_challans', {
      reason: 'JOB_WORK', contact_id: jobWorker, date: '2024-07-19', place_of_supply: 'IN-GJ', line_items: [goods(1, 100)], transport_mode: 'road', distance_km: 1, vehicle_no: 'GJ07DL9009',
    }, { idempotencyKey: newKey() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const res = await org.api.get(`/delivery_challans/${sent.body.delivery_challan.delivery_challan_id}/ewaybill`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    compare(res.body.ewaybill, reference.stock_entry!);
    // Within Gujarat and worth ₹100: Rule 138 asks for none (the job-work proviso is for another State).
    expect(res.body.required).toBe(false);
  });
});
