import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createDebitNote, postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Imports of goods (docs/rules/returns-gstr1-gstr3b.md, "Imports of goods: the Bill of Entry"),
 * for the Karnataka head office (29) in June 2026. Shenzhen Parts, abroad, bills servo motors
 * (HSN 8501, goods: no tax on the bill) and their installation support (SAC 9987, a service:
 * IGST under reverse charge) at USD 1 = ₹80. The motors clear customs at Chennai on Bill of
 * Entry 4417391 of 14 June, which pays BCD, SWS and IGST from the bank; goods from an SEZ unit
 * clear on another in July.
 */

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const acc: Record<string, string> = {};
let gst18: string;
let shenzhen: string;
let mixedBill: Json;

const SEZ_GSTIN = '27AAPFU0939F1ZV';
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
const createBoe = (body: Json, key = newKey(), api = org.api) => api.post('/bills_of_entry', body, { idempotencyKey: key });
/** Assessable value 82,000 (the motors' USD 1,000 × 80 with freight and insurance); BCD 10% = 8,200; SWS 10% of BCD = 820; IGST 18% of 91,020 = 16,383.60. */
const BOE = { number: '4417391', date: '2026-06-14', port_code: 'inmaa1', assessable_value: 82000, basic_customs_duty: 8200, social_welfare_surcharge: 820, igst: 16383.6 };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-25T06:00:00Z'));
  org = await gstOrg(t, { address: { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  other = await gstOrg(t, { name: 'Another Traders' });
  for (const name of ['Bank', 'Purchases', 'General Expenses', 'Sales', 'Inventory']) acc[name] = await accountId(org.api, name);
  gst18 = await taxId(org.api, 18);
  shenzhen = await vendor(org.api, { contact_name: 'Shenzhen Parts', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '8 Keji Road', city: 'Shenzhen', zip: '518057', country: 'CN' } });
  mixedBill = await postedBill(org.api, shenzhen, 0, {
    currency_code: 'USD', exchange_rate: 80,
    line_items: [
      { name: 'Servo motors', hsn_or_sac: '85015210', quantity: 10, unit: 'nos', rate: 100, tax_id: gst18, account_id: acc.Purchases },
      { name: 'Installation support', hsn_or_sac: '998719', rate: 200, tax_id: gst18, account_id: acc['General Expenses'] },
    ],
  });
});
afterAll(async () => { await t.close(); });

async function entryOf(source: string, id: string) {
  const names = new Map(((await org.api.get('/accounts?per_page=200')).body.accounts as Json[]).map((a) => [a.account_id, a.account_name]));
  const journals = (await org.api.get(`/journals?source=${source}&source_id=${id}`)).body.journals as Json[];
  expect(journals).toHaveLength(1);
  return journals[0]!.lines.map((l: Json) => [names.get(l.account_id), l.debit, l.credit]);
}

const countBoes = async () => (await org.api.get('/bills_of_entry?per_page=200')).body.bills_of_entry.length as number;

describe('a bill from an OVERSEAS vendor', () => {
  it('charges no tax on its goods (IGST is paid at customs) and IGST under reverse charge on its services', async () => {
    // Goods 10 × USD 100 = 1,000, untaxed though the rate stays 18%; support USD 200, IGST 18% = 36 self-assessed. The vendor is owed 1,200.
    expect(mixedBill).toMatchObject({ is_rcm: true, sub_total: 1200, igst_total: 36, total: 1200 });
    expect(mixedBill.line_items.map((l: Json) => [l.tax_percentage, l.igst_amount])).toEqual([[18, 0], [18, 36]]);
    // In rupees: 1,000 × 80 = 80,000 and 200 × 80 = 16,000; the tax 36 × 80 = 2,880.
    expect(await entryOf('BILL', mixedBill.bill_id)).toEqual([
      ['Purchases', 80000, 0], ['General Expenses', 16000, 0], ['Input GST under reverse charge', 2880, 0],
      ['GST payable under reverse charge', 0, 2880], ['Accounts Payable', 0, 96000],
    ]);
  });

  it('of goods alone is no reverse charge: is_rcm true is 400, and no note may correct it', async () => {
    const goods = await postedBill(org.api, shenzhen, 0, { currency_code: 'USD', exchange_rate: 80, line_items: [{ name: 'Gearbox', hsn_or_sac: '8483', rate: 50, tax_id: gst18 }] });
    // USD 50, no tax: the vendor is owed 50.
    expect(goods).toMatchObject({ is_rcm: false, sub_total: 50, tax_total: 0, total: 50 });
    const refused = await org.api.post('/bills', {
      vendor_id: shenzhen, date: '2026-06-10', place_of_supply: 'IN-KA', is_rcm: true, currency_code: 'USD', exchange_rate: 80, line_items: [{ name: 'Gearbox', hsn_or_sac: '8483', rate: 50 }],
    }, { idempotencyKey: newKey() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'is_rcm' });
    const note = await createDebitNote(org.api, { vendor_id: shenzhen, bill_id: goods.bill_id, date: '2026-06-12', line_items: [{ bill_line_item_id: goods.line_items[0].line_item_id, amount: 10 }] });
    expect(note.status).toBe(400);
    expect(note.body).toMatchObject({ code: 'validation.invalid_value', field: 'bill_id' });
  });
});

describe('POST /bills_of_entry', () => {
  it('refuses what is wrong with 400 on the field (404 for an id of nothing here), writing nothing', async () => {
    const domestic = await postedBill(org.api, await vendor(org.api, { place_of_contact: 'IN-KA' }), 100);
    const othersBill = await postedBill(other.api, await vendor(other.api, { gst_treatment: 'OVERSEAS' }), 0, { line_items: [{ name: 'Motor', hsn_or_sac: '8501', rate: 10 }] });
    const base = { ...BOE, paid_through_account_id: acc.Bank };
    const cases: [Json, number, string, string][] = [
      // 82,000 + 8,200 + 820 = 91,020, not 91,000.
      [{ igst_taxable_value: 91000 }, 400, 'validation.invalid_value', 'igst_taxable_value'],
      [{ number: '44173910' }, 400, 'validation.invalid_value', 'number'],
      [{ port_code: 'INMAA' }, 400, 'validation.invalid_value', 'port_code'],
      [{ paid_through_account_id: acc.Sales }, 400, 'validation.invalid_value', 'paid_through_account_id'],
      [{ paid_through_account_id: 'acc_nothing' }, 404, 'not_found.resource', 'paid_through_account_id'],
      [{ goods_account_id: acc.Bank }, 400, 'validation.invalid_value', 'goods_account_id'],
      [{ bill_ids: [domestic.bill_id] }, 400, 'validation.invalid_value', 'bill_ids[0]'],
      [{ bill_ids: [mixedBill.bill_id, mixedBill.bill_id] }, 400, 'validation.invalid_value', 'bill_ids[1]'],
      [{ bill_ids: [othersBill.bill_id] }, 404, 'not_found.resource', 'bill_ids[0]'],
      [{ sez_supplier_gstin: '27AAPFU0939F1ZX' }, 400, 'validation.invalid_value', 'sez_supplier_gstin'],
      [{ branch_id: 'br_nothing' }, 404, 'not_found.resource', 'branch_id'],
      [{ assessable_value: undefined }, 400, 'validation.required_field', 'assessable_value'],
    ];
    for (const [change, status, code, field] of cases) {
      const res = await createBoe({ ...base, ...change });
      expect([res.status, res.body.code, res.body.field], JSON.stringify(change)).toEqual([status, code, field]);
    }
    expect(await countBoes()).toBe(0);
  });

  it('posts Dr IGST input and the goods with the duties, Cr the bank; covers the bill; logs and announces it; once per key and per customs number', async () => {
    const key = newKey();
    const res = await createBoe({ ...BOE, paid_through_account_id: acc.Bank, bill_ids: [mixedBill.bill_id] }, key);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe('The Bill of Entry has been recorded.');
    const boe = res.body.bill_of_entry;
    expect(boe).toMatchObject({
      number: '4417391', date: '2026-06-14T00:00:00', port_code: 'INMAA1', branch_id: org.defaultBranchId,
      // 82,000 + 8,200 + 820 = 91,020; paid 8,200 + 820 + 16,383.60 = 25,403.60.
      assessable_value: 82000, basic_customs_duty: 8200, social_welfare_surcharge: 820, igst_taxable_value: 91020, igst: 16383.6, total: 25403.6,
      // The duties go where the bill's goods went: its first goods line's account.
      paid_through_account_id: acc.Bank, goods_account_id: acc.Purchases, sez_supplier_gstin: null, bill_ids: [mixedBill.bill_id], status: 'RECORDED',
    });
    expect(await entryOf('BILL_OF_ENTRY', boe.bill_of_entry_id)).toEqual([['IGST Input', 16383.6, 0], ['Purchases', 9020, 0], ['Bank', 0, 25403.6]]);
    expect((await org.api.get(`/bills_of_entry/${boe.bill_of_entry_id}`)).body.bill_of_entry).toEqual(boe);

    const activity = (await org.api.get(`/activity?entity_type=BILL_OF_ENTRY&entity_id=${boe.bill_of_entry_id}`)).body.activity as Json[];
    expect(activity.map((a) => a.action)).toEqual(['BILL_OF_ENTRY_CREATED']);
    const events = await t.app.database.db.selectFrom('outbox_events').select('payload').where('org_id', '=', org.orgId).where('event_type', '=', 'BILL_OF_ENTRY_CREATED').execute();
    expect(events.map((e) => JSON.parse(e.payload).data)).toEqual([{ id: boe.bill_of_entry_id, number: '4417391', port_code: 'INMAA1', total: 25403.6, status: 'RECORDED' }]);

    const again = await createBoe({ ...BOE, paid_through_account_id: acc.Bank, bill_ids: [mixedBill.bill_id] }, key);
    expect(again.body).toEqual(res.body);
    const twin = await createBoe({ ...BOE, port_code: 'INMAA1', paid_through_account_id: acc.Bank });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ code: 'validation.duplicate_resource', details: { existing_bill_of_entry_id: boe.bill_of_entry_id } });
    expect(await countBoes()).toBe(1);
    expect((await other.api.get(`/bills_of_entry/${boe.bill_of_entry_id}`)).status).toBe(404);
    await expectBooksBalanced(org.api);
  });

  it("records an SEZ unit's goods on their own, charging the duties to the account named", async () => {
    // Assessable 10,000, no BCD or SWS: IGST 18% of 10,000 = 1,800, sent with its value.
    const res = await createBoe({
      number: '5120034', date: '2026-07-03', port_code: 'INBLR6', assessable_value: 10000, igst_taxable_value: 10000, igst: 1800,
      paid_through_account_id: acc.Bank, sez_supplier_gstin: ` ${SEZ_GSTIN.toLowerCase()} `, goods_account_id: acc.Inventory,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bill_of_entry).toMatchObject({ basic_customs_duty: 0, social_welfare_surcharge: 0, igst_taxable_value: 10000, total: 1800, sez_supplier_gstin: SEZ_GSTIN, goods_account_id: acc.Inventory, bill_ids: [] });
    expect(await entryOf('BILL_OF_ENTRY', res.body.bill_of_entry.bill_of_entry_id)).toEqual([['IGST Input', 1800, 0], ['Bank', 0, 1800]]);
    const list = await org.api.get('/bills_of_entry?per_page=1');
    expect(list.body.bills_of_entry.map((b: Json) => b.number)).toEqual(['5120034']);
    expect(list.body.page_context.has_more_page).toBe(true);
    const next = await org.api.get(`/bills_of_entry?per_page=1&cursor=${encodeURIComponent(list.body.page_context.next_cursor)}`);
    expect(next.body.bills_of_entry.map((b: Json) => b.number)).toEqual(['4417391']);
    await expectBooksBalanced(org.api);
  });
});

describe('GSTR-3B and the e-way bill of an import', () => {
  it("claims the Bill of Entry's IGST in 4(A)(1) IMPG in its own month; the bill's services alone are reverse charge", async () => {
    const june = await org.api.get(`/gst/gstr3b?${JUNE}`);
    expect(june.status, JSON.stringify(june.body)).toBe(200);
    const r = june.body.gstr3b;
    // The installation support alone: 16,000 with IGST 2,880. The motors (80,000) and the gearbox (4,000) bear none on their bills.
    expect(r.sup_details.isup_rev).toEqual({ txval: 16000, iamt: 2880, camt: 0, samt: 0, csamt: 0 });
    expect(r.itc_elg.itc_avl).toEqual([
      { ty: 'IMPG', iamt: 16383.6, camt: 0, samt: 0, csamt: 0 }, { ty: 'IMPS', iamt: 2880, camt: 0, samt: 0, csamt: 0 },
      { ty: 'ISRC', iamt: 0, camt: 0, samt: 0, csamt: 0 }, { ty: 'ISD', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      // The domestic bill of 100, untaxed, claims nothing.
      { ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 },
    ]);
    // 16,383.60 + 2,880 = 19,263.60.
    expect(r.itc_elg.itc_net).toEqual({ iamt: 19263.6, camt: 0, samt: 0, csamt: 0 });
    // July: the SEZ unit's goods, IGST 1,800, is import of goods too.
    const july = await org.api.get(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=072026`);
    expect(july.body.gstr3b.itc_elg.itc_avl[0]).toEqual({ ty: 'IMPG', iamt: 1800, camt: 0, samt: 0, csamt: 0 });
  });

  it('moves the covered bill\'s goods on the Bill of Entry (docType BOE), and has none for an uncovered one (409)', async () => {
    const covered = await org.api.get(`/bills/${mixedBill.bill_id}/ewaybill?distance_km=350`);
    expect(covered.status, JSON.stringify(covered.body)).toBe(200);
    // The motors alone (services move nothing), valued as customs assessed them: 82,000 + 8,200 + 820 = 91,020, IGST 16,383.60.
    expect(covered.body.ewaybill).toMatchObject({ subSupplyType: '2', docType: 'BOE', docNo: '4417391', docDate: '14/06/2026', totalValue: 91020, igstValue: 16383.6, actFromStateCode: 33 });
    const gearbox = (await org.api.get(`/bills?vendor_id=${shenzhen}`)).body.bills.find((b: Json) => b.sub_total === 50);
    expect((await org.api.get(`/bills/${gearbox.bill_id}/ewaybill?distance_km=350`)).body).toMatchObject({ code: 'conflict.invalid_state' });
  });

  it('is refused while June\'s GSTR-3B is filed (409 conflict.period_filed), and recorded once it is reopened', async () => {
    const filed = `/gst/returns/${SUPPLIER_GSTIN}/062026/filed`;
    expect((await org.api.put(filed, { return: 'GSTR3B', arn: 'AA2906260123456', filed_on: '2026-07-20' }, { idempotencyKey: newKey() })).status).toBe(200);
    const late = { ...BOE, number: '4417500', paid_through_account_id: acc.Bank };
    const refused = await createBoe(late);
    expect([refused.status, refused.body.code]).toEqual([409, 'conflict.period_filed']);
    expect((await org.api.delete(`${filed}?return=GSTR3B`, { idempotencyKey: newKey() })).status).toBe(200);
    expect((await createBoe(late)).status).toBe(201);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
