import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, accountId, expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Rule 37 on bills of the Karnataka head office, every figure worked by hand. Bills dated
 * 10 January 2026: their 180 days end on 9 July (21 + 28 + 31 + 30 + 31 + 30 + 9 days), so on
 * 10 July (day 181) they are due, reported in July's GSTR-3B. Interest runs from 20 February, the
 * due date of January's return: 140 days to 10 July (8 + 31 + 30 + 31 + 30 + 10).
 *  A: ₹1,000 at 18% (CGST 90 + SGST 90) and a lunch of ₹200 at 5% blocked by s.17(5)(b): total 1,390, unpaid.
 *  B: ₹10,000 at 18% from Maharashtra (IGST 1,800): total 11,800, half paid on 1 March.
 *  C: ₹1,000 at 18%, paid in full on 8 July, day 179.
 *  D: legal fees ₹5,000 at 18% under reverse charge, unpaid.
 *  E: goods from abroad (USD 500 at ₹80), cleared on a Bill of Entry, unpaid.
 *  F: ₹2,000 at 18% IGST from the organisation's own Maharashtra registration (same PAN): Schedule I, unpaid.
 *  G: ₹500 at 18% (CGST 45 + SGST 45) dated 20 January: day 180 is 19 July.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const bills = {} as Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G', Json>;
const SISTER_GSTIN = '27AABCB1234F1Z8';
const heads = (igst: number, cgst: number, sgst: number, cess = 0) => ({ igst, cgst, sgst, cess });
const tax = (iamt: number, camt: number, samt: number, csamt = 0) => ({ iamt, camt, samt, csamt });
const NOTHING = tax(0, 0, 0);

const report = async (asOf: string, extra = '') => {
  const res = await org.api.get(`/gst/itc_reversals?gstin=${SUPPLIER_GSTIN}&as_of=${asOf}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.itc_reversal_report as Json;
};
const post = (body: Json, key = newKey()) => org.api.post('/gst/itc_reversals', { gstin: SUPPLIER_GSTIN, ...body }, { idempotencyKey: key });
const pay = async (vendorId: string, billId: string, date: string, amount: number) => {
  const res = await org.api.post('/payments', { flow: 'OUTGOING', contact_id: vendorId, date, amount, allocations: [{ bill_id: billId, amount }] }, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
};
const gstr3b = async (period: string) => {
  const res = await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=${period}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.gstr3b.itc_elg as Json;
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-15T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const [gst18, gst5] = await Promise.all([taxId(api, 18), taxId(api, 5)]);
  const karnataka = await gstVendor(api, { contact_name: 'Raman Paper Co.', gst_no: CUSTOMER_GSTIN, billing_address: { address: '14, 2nd Cross', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' } });
  const maharashtra = await gstVendor(api, { gst_no: OTHER_STATE_GSTIN });
  const sister = await gstVendor(api, { contact_name: 'Bahi Demo Traders (Pune)', gst_no: SISTER_GSTIN });
  const overseas = await vendor(api, { gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '8 Keji Road', city: 'Shenzhen', zip: '518057', country: 'CN' } });
  const line = (rate: number, extra: Json = {}) => ({ name: 'Paper', hsn_or_sac: '4802', rate, quantity: 1, tax_id: gst18, ...extra });
  const january = { date: '2026-01-10', due_date: '2026-02-09' };
  bills.A = await postedBill(api, karnataka, 0, { ...january, line_items: [line(1000), line(200, { name: 'Staff lunch', hsn_or_sac: '996331', tax_id: gst5, itc_blocked_reason: '17(5)(b)' })] });
  bills.B = await postedBill(api, maharashtra, 0, { ...january, line_items: [line(10000)] });
  bills.C = await postedBill(api, karnataka, 0, { ...january, line_items: [line(1000)] });
  bills.D = await postedBill(api, karnataka, 0, { ...january, is_rcm: true, line_items: [line(5000, { name: 'Legal fees', hsn_or_sac: '998211' })] });
  bills.E = await postedBill(api, overseas, 0, { ...january, currency_code: 'USD', exchange_rate: 80, line_items: [line(500, { name: 'Servo motors', hsn_or_sac: '85015210' })] });
  bills.F = await postedBill(api, sister, 0, { ...january, line_items: [line(2000)] });
  bills.G = await postedBill(api, karnataka, 0, { date: '2026-01-20', due_date: '2026-02-19', line_items: [line(500)] });
  const boe = await api.post('/bills_of_entry', {
    number: '4417001', date: '2026-01-12', port_code: 'INMAA1', assessable_value: 40000, igst: 7200, paid_through_account_id: await accountId(api, 'Bank'), bill_ids: [bills.E.bill_id],
  }, { idempotencyKey: newKey() });
  expect(boe.status, JSON.stringify(boe.body)).toBe(201);
  await pay(maharashtra, bills.B.bill_id, '2026-03-01', 5900);
  await pay(karnataka, bills.C.bill_id, '2026-07-08', 1180);
  // July's own purchases: ₹10,000 from Maharashtra (IGST 1,800) and ₹1,000 within the state (CGST 90 + SGST 90).
  await postedBill(api, maharashtra, 0, { date: '2026-07-05', line_items: [line(10000)] });
  await postedBill(api, karnataka, 0, { date: '2026-07-05', line_items: [line(1000)] });
});
afterAll(async () => { await t.close(); });

describe('GET /gst/itc_reversals', () => {
  it('lists on day 181 the unpaid bill whole and the half-paid one in proportion, with interest; not the bill paid on day 179, the reverse-charge bill, the import, the supply from its own registration nor the bill still within its 180 days', async () => {
    const r = await report('2026-07-10');
    const common = { vendor_id: expect.any(String), vendor_name: expect.any(String), bill_date: '2026-01-10', day_180: '2026-07-09', currency_code: 'INR', period: '072026' };
    expect(r).toEqual({
      gstin: SUPPLIER_GSTIN, as_of: '2026-07-10', filing_frequency: 'MONTHLY',
      to_reverse: [
        // 9,000 paise × 18% × 140 / 365 = 621.37 → 621 a head: ₹12.42.
        { ...common, bill_id: bills.A.bill_id, bill_number: bills.A.bill_number, total: 1390, unpaid: 1390, credit: heads(0, 90, 90), reverse: heads(0, 90, 90), interest: 12.42 },
        // 1,800 × 5,900 / 11,800 = 900; 90,000 paise × 18% × 140 / 365 = 6,213.70 → ₹62.14.
        { ...common, bill_id: bills.B.bill_id, bill_number: bills.B.bill_number, total: 11800, unpaid: 5900, credit: heads(1800, 0, 0), reverse: heads(900, 0, 0), interest: 62.14 },
      ],
      to_reclaim: [],
      totals: { reverse: heads(900, 90, 90), interest: 74.56, reclaim: heads(0, 0, 0) },
      interest_basis: expect.stringContaining('an approximation of Rule 88B(3)'),
    });
  });

  it('asks nothing on day 180, names a quarterly filer\'s period by the quarter\'s last month, and answers CSV', async () => {
    expect((await report('2026-07-09')).to_reverse).toEqual([]);
    expect((await report('2026-07-10', '&filing_frequency=QUARTERLY')).to_reverse.map((b: Json) => b.period)).toEqual(['092026', '092026']);
    const csv = await org.api.get(`/gst/itc_reversals?gstin=${SUPPLIER_GSTIN}&as_of=2026-07-10&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const rows = String(csv.body).trim().split(/\r?\n/);
    expect(rows[0]).toBe('action,bill_id,bill_number,vendor_name,bill_date,day_180,unpaid,period,igst,cgst,sgst,cess,interest');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(`REVERSE,${bills.A.bill_id}`);
  });

  it('refuses bad input with 400, another GSTIN with 404, a token without Svc.journals.CREATE with 403 and a filed GSTR-3B with 409, writing nothing', async () => {
    expect((await org.api.get(`/gst/itc_reversals?gstin=${SUPPLIER_GSTIN}`)).body).toMatchObject({ code: 'validation.required_field', field: 'as_of' });
    expect((await org.api.get(`/gst/itc_reversals?gstin=${SUPPLIER_GSTIN}&as_of=2026-13-01`)).status).toBe(400);
    expect((await org.api.get(`/gst/itc_reversals?gstin=${OTHER_STATE_GSTIN}&as_of=2026-07-10`)).body).toMatchObject({ code: 'not_found.resource', field: 'gstin' });
    expect((await post({ as_of: '2026-07-10', date: '2026-07-09' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'date' });
    expect((await post({ as_of: '2026-07-10' })).body).toMatchObject({ code: 'validation.required_field', field: 'date' });
    // Posting journals needs Svc.journals.CREATE as well as Svc.gst.CREATE.
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.gst.CREATE', 'Svc.gst.READ'] });
    const refused = await t.api.withToken(token).post('/gst/itc_reversals', { gstin: SUPPLIER_GSTIN, as_of: '2026-07-10', date: '2026-07-10' }, { idempotencyKey: newKey() });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'authz.scope_missing', details: { required_scope: 'Svc.journals.CREATE' } });
    // A GSTR-3B marked filed for July refuses a reversal dated in July (it reports it in 4(B)(2)).
    const july = `/gst/returns/${SUPPLIER_GSTIN}/072026/filed`;
    expect((await org.api.put(july, { return: 'GSTR3B', arn: 'AA290726000001X', filed_on: '2026-07-14' }, { idempotencyKey: newKey() })).status).toBe(200);
    expect((await post({ as_of: '2026-07-10', date: '2026-07-10' })).body).toMatchObject({ code: 'conflict.period_filed', details: { return: 'GSTR3B', period: '072026' } });
    expect((await org.api.delete(`${july}?return=GSTR3B`, { idempotencyKey: newKey() })).status).toBe(200);
    expect((await report('2026-07-10')).to_reverse).toHaveLength(2);
  });
});

describe('POST /gst/itc_reversals', () => {
  it('posts a balanced journal per bill (Dr ITC reversed under Rule 37, Cr the input ledgers), once: a second posting finds nothing', async () => {
    const res = await post({ as_of: '2026-07-10', date: '2026-07-10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const posted = res.body.itc_reversals as Json[];
    expect(posted.map(({ bill_id, kind, date, period, igst, cgst, sgst, cess, interest }) => ({ bill_id, kind, date, period, igst, cgst, sgst, cess, interest }))).toEqual([
      { bill_id: bills.A.bill_id, kind: 'REVERSAL', date: '2026-07-10', period: '072026', ...heads(0, 90, 90), interest: 12.42 },
      { bill_id: bills.B.bill_id, kind: 'REVERSAL', date: '2026-07-10', period: '072026', ...heads(900, 0, 0), interest: 62.14 },
    ]);
    const journal = (await org.api.get(`/journals/${posted[1]!.journal_id}`)).body.journal;
    expect(journal).toMatchObject({ source: 'ITC_REVERSAL', source_id: posted[1]!.itc_reversal_id, date: expect.stringMatching(/^2026-07-10/) });
    const names = new Map(((await org.api.get('/accounts?per_page=200')).body.accounts as Json[]).map((a) => [a.account_id, a.account_name]));
    expect((journal.lines as Json[]).filter((l) => l.debit + l.credit > 0).map((l) => [names.get(l.account_id), l.debit, l.credit]))
      .toEqual([['ITC reversed under Rule 37', 900, 0], ['IGST Input', 0, 900]]);
    // 90 + 90 + 900.
    expect(await accountBalance(org.api, 'ITC reversed under Rule 37')).toBe(1080);
    await expectBooksBalanced(org.api);

    const again = await post({ as_of: '2026-07-10', date: '2026-07-10' });
    expect(again.status).toBe(201);
    expect(again.body.itc_reversals).toEqual([]);
    expect((await report('2026-07-10')).to_reverse).toEqual([]);
    const timeline = (await org.api.get(`/activity?entity_type=BILL&entity_id=${bills.A.bill_id}`)).body.activity as Json[];
    expect(timeline.map((a) => a.action)).toContain('BILL_ITC_REVERSED');
  });

  it("reports the reversals in July's GSTR-3B 4(B)(2), 4(C) net of them", async () => {
    const itc = await gstr3b('072026');
    // July's bills: IGST 1,800; CGST 90 + SGST 90.
    expect(itc.itc_avl[4]).toEqual({ ty: 'OTH', ...tax(1800, 90, 90) });
    expect(itc.itc_rev).toEqual([{ ty: 'RUL', ...NOTHING }, { ty: 'OTH', ...tax(900, 90, 90) }]);
    // 1,800 − 900; 90 − 90.
    expect(itc.itc_net).toEqual(tax(900, 0, 0));
    expect(itc.itc_inelg).toEqual([{ ty: 'RUL', ...NOTHING }, { ty: 'OTH', ...NOTHING }]);
  });

  it('reclaims the credit of a bill once paid in full, with the reversal now due on the later bill; a locked period refuses both and writes nothing', async () => {
    t.clock.set(new Date('2026-08-20T06:00:00Z'));
    await pay(bills.A.vendor_id, bills.A.bill_id, '2026-08-05', 1390);
    const r = await report('2026-08-10');
    // G: 20 January + 180 = 19 July; 20 February to 10 August is 171 days: 4,500 × 18% × 171 / 365 = 379.48 → 379 a head.
    expect(r.to_reverse).toEqual([expect.objectContaining({ bill_id: bills.G.bill_id, day_180: '2026-07-19', reverse: heads(0, 45, 45), period: '072026', interest: 7.58 })]);
    // B stays reversed: half of it is still unpaid.
    expect(r.to_reclaim).toEqual([{
      bill_id: bills.A.bill_id, bill_number: bills.A.bill_number, vendor_id: bills.A.vendor_id, vendor_name: expect.any(String), bill_date: '2026-01-10',
      reversed_on: '2026-07-10', reclaim: heads(0, 90, 90), period: '082026',
    }]);

    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: '2026-08-31' })).status).toBe(200);
    const locked = await post({ as_of: '2026-08-10', date: '2026-08-10' });
    expect(locked.status).toBe(409);
    expect(locked.body).toMatchObject({ code: 'conflict.period_locked' });
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: null })).status).toBe(200);
    expect((await report('2026-08-10')).to_reclaim).toHaveLength(1);

    const res = await post({ as_of: '2026-08-10', date: '2026-08-10' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body.itc_reversals as Json[]).map(({ bill_id, kind, period, igst, cgst, sgst, cess, interest }) => ({ bill_id, kind, period, igst, cgst, sgst, cess, interest }))).toEqual([
      { bill_id: bills.G.bill_id, kind: 'REVERSAL', period: '072026', ...heads(0, 45, 45), interest: 7.58 },
      { bill_id: bills.A.bill_id, kind: 'RECLAIM', period: '082026', ...heads(0, 90, 90), interest: 0 },
    ]);
    // 1,080 + 90 − 180.
    expect(await accountBalance(org.api, 'ITC reversed under Rule 37')).toBe(990);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });

  it("reports August's reclaim in 4(A)(5) and 4(D)(1) and its reversal in 4(B)(2)", async () => {
    const itc = await gstr3b('082026');
    expect(itc.itc_avl[4]).toEqual({ ty: 'OTH', ...tax(0, 90, 90) });
    expect(itc.itc_rev).toEqual([{ ty: 'RUL', ...NOTHING }, { ty: 'OTH', ...tax(0, 45, 45) }]);
    // 90 − 45.
    expect(itc.itc_net).toEqual(tax(0, 45, 45));
    expect(itc.itc_inelg).toEqual([{ ty: 'RUL', ...tax(0, 90, 90) }, { ty: 'OTH', ...NOTHING }]);
  });
});
