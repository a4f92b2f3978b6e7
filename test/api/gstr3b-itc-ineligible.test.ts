import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstOrg, gstVendor, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createDebitNote, postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-3B 4(D)(2): credit restricted by place-of-supply rules. The Karnataka head office (29)
 * stays at a hotel in Maharashtra: the hotel's place of supply is where it stands (IGST Act
 * s.12(3)), so it charges Maharashtra's CGST and SGST, which Karnataka's GSTIN cannot claim.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const tax = (iamt: number, camt: number, samt: number) => ({ iamt, camt, samt, csamt: 0 });
const NOTHING = tax(0, 0, 0);

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const general = ((await api.get('/accounts?per_page=200')).body.accounts as Json[]).find((a) => a.account_name === 'General Expenses')!.account_id;
  await postedBill(api, await vendor(api, { place_of_contact: 'IN-KA' }), 0, { line_items: [{ name: 'Paper', rate: 4000, tax_id: gst18 }] });
  const hotel = await postedBill(api, await gstVendor(api, { contact_name: 'Hotel Sahyadri' }), 0, {
    place_of_supply: 'IN-MH', line_items: [{ name: 'Room, 2 nights', hsn_or_sac: '996311', rate: 10000, tax_id: gst18, account_id: general }],
  });
  expect(hotel).toMatchObject({ place_of_supply: 'IN-MH', cgst_total: 900, sgst_total: 900, igst_total: 0 });
  // The tax is in the room's cost, so a note against the bill (which would credit the input ledgers) is refused.
  const refund = await createDebitNote(api, {
    vendor_id: hotel.vendor_id, bill_id: hotel.bill_id, date: '2026-06-20', line_items: [{ bill_line_item_id: hotel.line_items[0].line_item_id, amount: 1000 }],
  });
  expect(refund).toMatchObject({ status: 400, body: { code: 'validation.invalid_value', field: 'bill_id' } });
  // A conference hall in Pune, paid from the bank: Maharashtra's tax again (IGST Act s.12(3)(c)).
  const bank = ((await api.get('/accounts?per_page=200')).body.accounts as Json[]).find((a) => a.account_name === 'Bank')!.account_id;
  const hall = await api.post('/expenses', {
    date: '2026-06-18', account_id: general, paid_through_account_id: bank, vendor_id: hotel.vendor_id, place_of_supply: 'IN-MH', amount: 1000, tax_id: gst18,
  }, { idempotencyKey: 'hall-pune' });
  expect(hall.status, JSON.stringify(hall.body)).toBe(201);
  expect(hall.body.expense).toMatchObject({ cgst_total: 90, sgst_total: 90, igst_total: 0 });
});
afterAll(async () => { await t.close(); });

describe('GET /gst/gstr3b: credit restricted by place of supply', () => {
  it('reports the other state\'s CGST and SGST in 4(D)(2), and leaves them out of 4(A) and 4(C)', async () => {
    const res = await org.api.get(`/gst/gstr3b?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr3b.itc_elg).toEqual({
      itc_avl: [
        { ty: 'IMPG', ...NOTHING }, { ty: 'IMPS', ...NOTHING }, { ty: 'ISRC', ...NOTHING }, { ty: 'ISD', ...NOTHING },
        // The paper alone: 9% of 4,000 = 360 each.
        { ty: 'OTH', ...tax(0, 360, 360) },
      ],
      itc_rev: [{ ty: 'RUL', ...NOTHING }, { ty: 'OTH', ...NOTHING }],
      itc_net: tax(0, 360, 360),
      // 4(D)(1) has nothing to reclaim; 4(D)(2): the hotel's 900 each and the hall's 90.
      itc_inelg: [{ ty: 'RUL', ...NOTHING }, { ty: 'OTH', ...tax(0, 990, 990) }],
    });
    expect(res.body.gstr3b.sup_details.isup_rev).toEqual({ txval: 0, ...NOTHING });
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it("keeps the restricted tax out of the input ledgers, in the cost of what was bought: the ledgers hold 4(A)'s credit alone", async () => {
    const tb = (await org.api.get(`/reports/trial_balance?branch_id=${org.defaultBranchId}&from_date=2026-06-01&to_date=2026-06-30`)).body.trial_balance;
    const movement = (names: string[]) => (tb.accounts as Json[]).filter((a) => names.includes(a.account_name)).reduce((total, a) => total + a.debit - a.credit, 0);
    // The paper's 360 + 360.
    expect(movement(['CGST Input', 'SGST Input', 'IGST Input'])).toBe(720);
    // The room 10,000 + 1,800 of Maharashtra's tax; the hall 1,000 + 180.
    expect(movement(['General Expenses'])).toBe(12980);
    const r = (await org.api.get(`/gst/gstr3b?${JUNE}`)).body.gstr3b;
    const total = (rows: Json[]) => rows.reduce((s, x) => s + x.iamt + x.camt + x.samt, 0);
    expect(total(r.itc_elg.itc_avl)).toBe(720);
    expect(total(r.itc_elg.itc_inelg)).toBe(1980);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
