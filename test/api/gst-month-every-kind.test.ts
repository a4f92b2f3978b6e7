import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstCustomer, gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createDebitNote, createInvoice, customer, postedBill, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * A second month worked by hand, October 2026, holding one document of every kind the returns
 * distinguish: an export at place of supply 96 to a contact not marked OVERSEAS, an OVERSEAS
 * customer served in India, a composition dealer and a UIN holder in another state, a registered
 * customer and a debit note raising its price, a sale to a consumer in another state, nil-rated
 * and non-GST goods, an export's shipping bill entered after the
 * invoice, a supply whose tax the recipient pays (reverse charge), an advance for services
 * received in October and invoiced in November, goods imported with their Bill of Entry, and a
 * draft deleted after taking its number. Each table of GSTR-1 and GSTR-3B is
 * written out below with its arithmetic, GSTR-3B's 3.1 and 3.2 are checked against the sums of
 * GSTR-1's sections as GSTN auto-populates them (docs/rules/returns-gstr1-gstr3b.md, "From GSTR-1
 * to GSTR-3B"), and the return's tax against the movement on the output ledgers to the paisa.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
let t: TestApp;
let org: OrgFixture;
const UIN = '0717UNO00157UNO';
const COMPOSITION = '36AASFP8573D2ZN';
const OCTOBER = `gstin=${SUPPLIER_GSTIN}&period=102026`;
const NOVEMBER = `gstin=${SUPPLIER_GSTIN}&period=112026`;
const numbers: Record<string, string> = {};
let gstr1: Json;
let gstr3b: Json;
let advance: Json;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-12-05T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const taxes = (await api.get('/taxes')).body.taxes as Json[];
  const zeroRate = (supplyType: string) => taxes.find((x) => x.tax_percentage === 0 && x.supply_type === supplyType)!.tax_id as string;
  const line = (name: string, hsn: string, quantity: number, rate: number, taxId = gst18) => ({ name, hsn_or_sac: hsn, quantity, unit: 'nos', rate, tax_id: taxId });
  const invoice = async (name: string, body: Json) => {
    const res = await createInvoice(api, { auto_approve: true, place_of_supply: 'IN-KA', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    numbers[name] = res.body.invoice.invoice_number;
    return res.body.invoice;
  };

  const raman = await gstCustomer(api);
  const walkIn = await customer(api, { contact_name: 'Walk-in customer' });
  const acme = await customer(api, { contact_name: 'Acme Inc.', gst_treatment: 'OVERSEAS', billing_address: { address: '500 Market Street', city: 'San Francisco', zip: '94105', country: 'US' } });
  const embassy = await customer(api, { contact_name: 'Embassy of Utopia', gst_no: UIN });
  const dealer = await customer(api, { contact_name: 'Hyderabad Composition Traders', gst_no: COMPOSITION, gst_treatment: 'REGISTERED_COMPOSITION' });

  const registered = await invoice('registered', { customer_id: raman, date: '2026-10-03', line_items: [line('Laptop', '84713010', 1, 20000)] });
  const exported = await invoice('export', { customer_id: walkIn, date: '2026-10-06', place_of_supply: 'IN-96', export_type: 'WOPAY', line_items: [line('Laptop', '84713010', 1, 50000)] });
  await invoice('overseasInIndia', { customer_id: acme, date: '2026-10-08', line_items: [line('Keyboard', '84716060', 4, 2500)] });
  await invoice('composition', { customer_id: dealer, date: '2026-10-10', place_of_supply: 'IN-TS', line_items: [line('Keyboard', '84716060', 2, 2500)] });
  await invoice('uin', { customer_id: embassy, date: '2026-10-12', place_of_supply: 'IN-DL', line_items: [line('Laptop', '84713010', 1, 10000)] });
  await invoice('reverseCharge', { customer_id: raman, date: '2026-10-16', is_reverse_charge: true, line_items: [line('Legal services', '998211', 1, 10000)] });
  await invoice('nilAndNonGst', { customer_id: walkIn, date: '2026-10-17', line_items: [
    line('Fresh vegetables', '0709', 10, 100, zeroRate('NIL_RATED')), line('Liquor', '2208', 2, 100, zeroRate('NON_GST')),
  ] });
  await invoice('interStateConsumer', { customer_id: walkIn, date: '2026-10-19', place_of_supply: 'IN-TN', line_items: [line('Keyboard', '84716060', 2, 2500)] });
  const draft = await invoice('deletedDraft', { customer_id: walkIn, date: '2026-10-14', auto_approve: false, line_items: [line('Keyboard', '84716060', 1, 2500)] });
  expect((await api.delete(`/invoices/${draft.invoice_id}`)).status).toBe(200);

  // The laptop's price raised by ₹2,000 after the sale (CGST s.34(3)): a debit note to the customer.
  const raised = await createDebitNote(api, { vendor_id: raman, invoice_id: registered.invoice_id, date: '2026-10-22', line_items: [{ invoice_line_item_id: registered.line_items[0].line_item_id, amount: 2000 }] });
  expect(raised.status, JSON.stringify(raised.body)).toBe(201);
  numbers.debitNote = raised.body.debit_note.debit_note_number;
  // The export's shipping bill, entered when customs gave it.
  const shipped = await api.put(`/invoices/${exported.invoice_id}/shipping_bill`, { port_code: 'INBLR4', number: '2041785', date: '2026-10-09' }, { idempotencyKey: newKey() });
  expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);

  // ₹11,800 received on 20 October for services within Karnataka at 18%: invoiced, and the advance adjusted, on 5 November.
  const paid = await api.post('/payments', { flow: 'INCOMING', contact_id: raman, date: '2026-10-20', amount: 11800, advance_for: 'SERVICES', place_of_supply: 'IN-KA', gst_rate: 18 }, { idempotencyKey: newKey() });
  expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  advance = paid.body.payment;
  const consulting = await invoice('advanceInvoiced', { customer_id: raman, date: '2026-11-05', line_items: [line('Consulting', '998311', 1, 10000)] });
  const applied = await api.post(`/payments/${advance.payment_id}/apply`, { invoice_id: consulting.invoice_id, amount: 11800 }, { idempotencyKey: newKey() });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);

  // Ten servo motors from Shenzhen, USD 100 each at ₹80: no GST on the bill; the IGST is paid at customs on the Bill of Entry.
  const shenzhen = await vendor(api, { contact_name: 'Shenzhen Parts', gst_treatment: 'OVERSEAS', currency_code: 'USD', billing_address: { address: '8 Keji Road', city: 'Shenzhen', zip: '518057', country: 'CN' } });
  const motors = await postedBill(api, shenzhen, 0, { date: '2026-10-15', due_date: '2026-11-15', currency_code: 'USD', exchange_rate: 80, line_items: [{ name: 'Servo motors', hsn_or_sac: '85015210', quantity: 10, unit: 'nos', rate: 100, tax_id: gst18 }] });
  const bank = ((await api.get('/accounts?per_page=200')).body.accounts as Json[]).find((a) => a.account_name === 'Bank')!.account_id;
  // Assessable 82,000 (with freight and insurance); BCD 10% 8,200; SWS 10% of BCD 820; IGST 18% of 91,020 = 16,383.60.
  const boe = await api.post('/bills_of_entry', {
    number: '5512093', date: '2026-10-18', port_code: 'INMAA1', assessable_value: 82000, basic_customs_duty: 8200, social_welfare_surcharge: 820, igst: 16383.6,
    paid_through_account_id: bank, bill_ids: [motors.bill_id],
  }, { idempotencyKey: newKey() });
  expect(boe.status, JSON.stringify(boe.body)).toBe(201);

  const got1 = await api.get(`/gst/gstr1?${OCTOBER}`);
  expect(got1.status, JSON.stringify(got1.body)).toBe(200);
  gstr1 = got1.body.gstr1;
  const got3b = await api.get(`/gst/gstr3b?${OCTOBER}`);
  expect(got3b.status, JSON.stringify(got3b.body)).toBe(200);
  gstr3b = got3b.body.gstr3b;
});
afterAll(async () => { await t.close(); });

const taxes = (tax: { iamt?: number; camt?: number; samt?: number }) => ({ iamt: tax.iamt ?? 0, camt: tax.camt ?? 0, samt: tax.samt ?? 0, csamt: 0 });
const item = (num: number, rt: number, txval: number, tax: { iamt?: number; camt?: number; samt?: number } = {}) => ({ num, itm_det: { rt, txval, ...taxes(tax) } });
const invoiceOf = (number: string, date: string, val: number, pos: string, itms: Json[]) => ({ inum: number, idt: date, val, pos, rchrg: 'N', inv_typ: 'R', itms });

describe('October 2026, every kind of document, worked by hand', () => {
  it('numbers the documents in the order made; the deleted draft keeps its number', () => {
    expect(numbers).toEqual({
      registered: 'INV-26-27-00001', export: 'INV-26-27-00002', overseasInIndia: 'INV-26-27-00003', composition: 'INV-26-27-00004',
      uin: 'INV-26-27-00005', reverseCharge: 'INV-26-27-00006', nilAndNonGst: 'INV-26-27-00007', interStateConsumer: 'INV-26-27-00008',
      deletedDraft: 'INV-26-27-00009', advanceInvoiced: 'INV-26-27-00010',
      debitNote: 'DN-26-27-00001',
    });
    // ₹11,800 inclusive of 18%: taxable 11,800 × 100 / 118 = 10,000; CGST 900 + SGST 900.
    expect(advance).toMatchObject({ advance_for: 'SERVICES', receipt_voucher_number: 'RV-26-27-00001' });
  });

  it('GSTR-1: each document in its table', () => {
    // By recipient's GSTIN.
    expect(gstr1.b2b).toEqual([
      // A UIN holder is b2b: ₹10,000 + IGST ₹1,800 to Delhi.
      { ctin: UIN, inv: [invoiceOf('INV-26-27-00005', '12-10-2026', 11800, '07', [item(1, 18, 10000, { iamt: 1800 })])] },
      { ctin: CUSTOMER_GSTIN, inv: [
        // ₹20,000 within Karnataka: CGST 9% ₹1,800 + SGST 9% ₹1,800.
        invoiceOf('INV-26-27-00001', '03-10-2026', 23600, '29', [item(1, 18, 20000, { camt: 1800, samt: 1800 })]),
        // Legal services under reverse charge (Table 4B): worth ₹10,000 to the supplier; the ₹900 + ₹900 the recipient pays is stated.
        { ...invoiceOf('INV-26-27-00006', '16-10-2026', 10000, '29', [item(1, 18, 10000, { camt: 900, samt: 900 })]), rchrg: 'Y' },
      ] },
      // 2 keyboards at ₹2,500 to Telangana: ₹5,000 + IGST 18% ₹900.
      { ctin: COMPOSITION, inv: [invoiceOf('INV-26-27-00004', '10-10-2026', 5900, '36', [item(1, 18, 5000, { iamt: 900 })])] },
    ]);
    // An export is its place of supply, 96, whoever the buyer: ₹50,000 under a Letter of Undertaking, no tax; its shipping bill.
    expect(gstr1.exp).toEqual([{ exp_typ: 'WOPAY', inv: [{
      inum: 'INV-26-27-00002', idt: '06-10-2026', val: 50000, sbpcode: 'INBLR4', sbnum: '2041785', sbdt: '09-10-2026', itms: [{ rt: 18, txval: 50000, iamt: 0, csamt: 0 }],
    }] }]);
    expect(gstr1.b2cs).toEqual([
      // The OVERSEAS customer served in Karnataka is an unregistered one: 4 keyboards, ₹10,000, CGST ₹900 + SGST ₹900.
      { sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 },
      // 2 keyboards to a consumer in Tamil Nadu: ₹5,000 + IGST ₹900, not above ₹1,00,000 so not b2cl.
      { sply_ty: 'INTER', pos: '33', typ: 'OE', rt: 18, txval: 5000, iamt: 900, camt: 0, samt: 0, csamt: 0 },
    ]);
    // 10 × ₹100 of vegetables nil-rated and 2 × ₹100 of liquor outside GST, to a consumer within the state.
    expect(gstr1.nil).toEqual({ inv: [{ sply_ty: 'INTRAB2C', nil_amt: 1000, expt_amt: 0, ngsup_amt: 200 }] });
    // Table 11A: the advance not invoiced by 31 October.
    expect(gstr1.at).toEqual([{ pos: '29', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }] }]);
    expect(gstr1.txpd).toBeUndefined();
    expect(gstr1.b2cl).toEqual([]);
    // The debit note: ₹2,000 more, CGST 9% ₹180 + SGST 9% ₹180.
    expect(gstr1.cdnr).toEqual([{ ctin: CUSTOMER_GSTIN, nt: [{
      ntty: 'D', nt_num: 'DN-26-27-00001', nt_dt: '22-10-2026', val: 2360, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [item(1, 18, 2000, { camt: 180, samt: 180 })],
    }] }]);
    expect(gstr1.cdnur).toEqual([]);
  });

  it('GSTR-1 Table 13: the deleted draft counts as issued and cancelled; the receipt voucher is its own kind', () => {
    expect(gstr1.doc_issue.doc_det).toEqual([
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'INV-26-27-00001', to: 'INV-26-27-00009', totnum: 9, cancel: 1, net_issue: 8 }] },
      { doc_num: 4, doc_typ: 'Debit Note', docs: [{ num: 1, from: 'DN-26-27-00001', to: 'DN-26-27-00001', totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 6, doc_typ: 'Receipt voucher', docs: [{ num: 1, from: 'RV-26-27-00001', to: 'RV-26-27-00001', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
  });

  it('GSTR-1 Table 12: B2B and B2C by HSN', () => {
    expect(gstr1.hsn).toEqual({
      hsn_b2b: [
        // Laptops: ₹20,000 + the debit note's ₹2,000 (CGST/SGST ₹1,800 + ₹180 each) + ₹10,000 (IGST ₹1,800); the note adds value, not quantity.
        { num: 1, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 2, rt: 18, txval: 32000, ...taxes({ iamt: 1800, camt: 1980, samt: 1980 }) },
        { num: 2, hsn_sc: '84716060', desc: 'Keyboard', uqc: 'NOS', qty: 2, rt: 18, txval: 5000, ...taxes({ iamt: 900 }) },
        { num: 3, hsn_sc: '998211', desc: 'Legal services', uqc: 'NA', qty: 0, rt: 18, txval: 10000, ...taxes({ camt: 900, samt: 900 }) },
      ],
      hsn_b2c: [
        { num: 1, hsn_sc: '0709', desc: 'Fresh vegetables', uqc: 'NOS', qty: 10, rt: 0, txval: 1000, ...taxes({}) },
        { num: 2, hsn_sc: '2208', desc: 'Liquor', uqc: 'NOS', qty: 2, rt: 0, txval: 200, ...taxes({}) },
        // The export's laptop.
        { num: 3, hsn_sc: '84713010', desc: 'Laptop', uqc: 'NOS', qty: 1, rt: 18, txval: 50000, ...taxes({}) },
        // Four keyboards sold in Karnataka and two to Tamil Nadu.
        { num: 4, hsn_sc: '84716060', desc: 'Keyboard', uqc: 'NOS', qty: 6, rt: 18, txval: 15000, ...taxes({ iamt: 900, camt: 900, samt: 900 }) },
      ],
    });
  });

  it('GSTR-3B 3.1 and 3.2, each equal to the sums of the GSTR-1 sections GSTN fills it from', () => {
    // 3.1(a): b2b ₹35,000 + ₹10,000 under reverse charge (value only) + the debit note ₹2,000 + b2cs ₹15,000 + the advance ₹10,000;
    // IGST 900 + 1,800 + 900; CGST = SGST = 1,800 + 180 + 900 + the advance's 900.
    expect(gstr3b.sup_details.osup_det).toEqual({ txval: 72000, ...taxes({ iamt: 3600, camt: 3780, samt: 3780 }) });
    // 3.1(b): the export. 3.1(c): the vegetables. 3.1(e): the liquor.
    expect(gstr3b.sup_details.osup_zero).toEqual({ txval: 50000, ...taxes({}) });
    expect(gstr3b.sup_details.osup_nil_exmp).toEqual({ txval: 1000, ...taxes({}) });
    expect(gstr3b.sup_details.osup_nongst).toEqual({ txval: 200, ...taxes({}) });
    // 3.2: the consumer in Tamil Nadu, the composition dealer and the UIN holder; the export is zero-rated and never in 3.2.
    expect(gstr3b.inter_sup).toEqual({
      unreg_details: [{ pos: '33', txval: 5000, iamt: 900 }], comp_details: [{ pos: '36', txval: 5000, iamt: 900 }], uin_details: [{ pos: '07', txval: 10000, iamt: 1800 }],
    });
    expectAutoPopulated(gstr1, gstr3b);
  });

  it('GSTR-3B 4(A)(1): the IGST paid at customs on the Bill of Entry; the bill itself claims nothing', () => {
    expect(gstr3b.itc_elg.itc_avl).toEqual([
      { ty: 'IMPG', iamt: 16383.6, camt: 0, samt: 0, csamt: 0 }, { ty: 'IMPS', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      { ty: 'ISRC', iamt: 0, camt: 0, samt: 0, csamt: 0 }, { ty: 'ISD', iamt: 0, camt: 0, samt: 0, csamt: 0 }, { ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 },
    ]);
    expect(gstr3b.sup_details.isup_rev).toEqual({ txval: 0, ...taxes({}) });
  });

  it("the return's tax is the movement on the GST ledgers to the paisa", async () => {
    // Output: the invoices' CGST 2,700, SGST 2,700, IGST 2,700, the debit note's CGST 180 + SGST 180 and the advance's
    // CGST 900 + SGST 900; nothing for the reverse charge.
    expect(await gstMovement('2026-10-01', '2026-10-31')).toEqual({ 'CGST Output': 3780, 'SGST Output': 3780, 'IGST Output': 3600, 'IGST Input': -16383.6 });
    const summary = await org.api.get(`/gst/gstr1/summary?${OCTOBER}`);
    expect(summary.body.gstr1_summary.reconciliation).toEqual({ return_tax: 11160, books_tax: 11160, difference: 0, differences: [] });
    await expectBooksBalanced(org.api);
  });
});

describe('November 2026: the advance invoiced', () => {
  it('GSTR-1 reports the invoice in b2b and the advance it used in Table 11B; 3.1(a) nets them', async () => {
    const got1 = await org.api.get(`/gst/gstr1?${NOVEMBER}`);
    expect(got1.status, JSON.stringify(got1.body)).toBe(200);
    const november = got1.body.gstr1;
    // ₹10,000 of consulting within Karnataka: CGST ₹900 + SGST ₹900.
    expect(november.b2b).toEqual([{ ctin: CUSTOMER_GSTIN, inv: [invoiceOf('INV-26-27-00010', '05-11-2026', 11800, '29', [item(1, 18, 10000, { camt: 900, samt: 900 })])] }]);
    expect(november.at).toBeUndefined();
    expect(november.txpd).toEqual([{ pos: '29', sply_ty: 'INTRA', itms: [{ rt: 18, ad_amt: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 }] }]);
    const got3b = await org.api.get(`/gst/gstr3b?${NOVEMBER}`);
    expect(got3b.status, JSON.stringify(got3b.body)).toBe(200);
    // The invoice's ₹10,000, ₹900, ₹900 less the advance's, already paid in October.
    expect(got3b.body.gstr3b.sup_details.osup_det).toEqual({ txval: 0, ...taxes({}) });
    expectAutoPopulated(november, got3b.body.gstr3b);
    // The books agree: the invoice's CGST and SGST, less the advance's taken back on adjustment.
    expect(await gstMovement('2026-11-01', '2026-11-30')).toEqual({ 'CGST Output': 0, 'SGST Output': 0, 'IGST Output': 0, 'IGST Input': 0 });
    await expectBooksBalanced(org.api);
  });
});

const round = (n: number) => Math.round(n * 100) / 100;
const sum = (rows: readonly Json[], pick: (r: Json) => number) => round(rows.reduce((s, r) => s + pick(r), 0));
const heads = (r: Json) => ({ txval: r.txval, iamt: r.iamt, camt: r.camt, samt: r.samt });
const HEADS = ['iamt', 'camt', 'samt'] as const;

/** GSTR-3B's 3.1(a), (b), (c), (e) and 3.2 against the same month's GSTR-1, table by table as GSTN auto-populates them. */
function expectAutoPopulated(r: Json, b: Json) {
  expect(fromGstr1(r)).toEqual(heads(b.sup_details.osup_det));
  const exported = (r.exp as Json[]).flatMap((g) => g.inv.flatMap((i: Json) => i.itms));
  expect(sum(exported, (x) => x.txval)).toBe(b.sup_details.osup_zero.txval);
  const nil = (r.nil?.inv ?? []) as Json[];
  expect(sum(nil, (x) => x.nil_amt + x.expt_amt)).toBe(b.sup_details.osup_nil_exmp.txval);
  expect(sum(nil, (x) => x.ngsup_amt)).toBe(b.sup_details.osup_nongst.txval);
  // 3.2 by place of supply: unregistered from b2cs INTER and b2cl; composition and UIN from their b2b invoices out of state.
  const byPos = (rows: Json[]) => [...new Set(rows.map((x) => x.pos as string))].sort()
    .map((pos) => rows.filter((x) => x.pos === pos)).map((xs) => ({ pos: xs[0]!.pos, txval: sum(xs, (x) => x.txval), iamt: sum(xs, (x) => x.iamt) }));
  const b2bTo = (ctin: string) => (r.b2b as Json[]).filter((g) => g.ctin === ctin).flatMap((g) => g.inv)
    .filter((i: Json) => i.pos !== '29').flatMap((i: Json) => i.itms.map((x: Json) => ({ pos: i.pos, ...x.itm_det })));
  expect({
    unreg_details: byPos([...(r.b2cs as Json[]).filter((x) => x.sply_ty === 'INTER'), ...(r.b2cl as Json[]).flatMap((g) => g.inv.flatMap((i: Json) => i.itms.map((x: Json) => ({ pos: g.pos, ...x.itm_det }))))]),
    comp_details: byPos(b2bTo(COMPOSITION)), uin_details: byPos(b2bTo(UIN)),
  }).toEqual(b.inter_sup);
}

/**
 * 3.1(a) as GSTN auto-populates it from GSTR-1, worked here from the return alone: b2b invoices
 * that are not zero-rated and cdnr notes on them (under reverse charge by value alone), b2cs,
 * and Table 11's advances received less those adjusted. These months have no b2cl or cdnur.
 */
function fromGstr1(r: Json) {
  const b2b = (r.b2b as Json[]).flatMap((g) => g.inv).flatMap((i: Json) => i.itms.map((x: Json) => ({ ...x.itm_det, rchrg: i.rchrg })));
  // Notes to registered customers on those invoices: a debit note adds, a credit note subtracts.
  const notes = (r.cdnr as Json[]).flatMap((g) => g.nt).flatMap((n: Json) => n.itms.map((x: Json) => {
    const sign = n.ntty === 'D' ? 1 : -1;
    const d = x.itm_det;
    return n.rchrg === 'Y' ? { txval: sign * d.txval, iamt: 0, camt: 0, samt: 0 } : { txval: sign * d.txval, iamt: sign * d.iamt, camt: sign * d.camt, samt: sign * d.samt };
  }));
  const advances = (rows: Json[] | undefined, sign: number) => (rows ?? []).flatMap((a) => a.itms).map((x: Json) => ({ txval: sign * x.ad_amt, iamt: sign * x.iamt, camt: sign * x.camt, samt: sign * x.samt }));
  const rows: Json[] = [
    ...b2b.map((x: Json) => (x.rchrg === 'Y' ? { txval: x.txval, iamt: 0, camt: 0, samt: 0 } : x)),
    ...notes, ...r.b2cs, ...advances(r.at, 1), ...advances(r.txpd, -1),
  ];
  return { txval: sum(rows, (x) => x.txval), ...Object.fromEntries(HEADS.map((h) => [h, sum(rows, (x) => x[h])])) };
}

/** The movement of each GST ledger the branch's trial balance lists for those days, credit positive. */
async function gstMovement(from: string, to: string) {
  const res = await org.api.get(`/reports/trial_balance?branch_id=${org.defaultBranchId}&from_date=${from}&to_date=${to}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const ledgers = (res.body.trial_balance.accounts as Json[]).filter((a) => /^(CGST|SGST|IGST) (Output|Input)$/.test(a.account_name));
  return Object.fromEntries(ledgers.map((a) => [a.account_name, round(a.credit - a.debit)]));
}
