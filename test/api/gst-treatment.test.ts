import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { readPdf } from '../support/pdf-reader';
import { createCreditNote, createDebitNote, createInvoice, customer, taxId, vendor } from '../support/sales';
import { PUBLIC, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Which tax a document bears and how much, by the GST law: the supplier's state against the
 * place of supply (IGST Act s.7, s.8) on sales and purchases alike, CGST = SGST, zero-rated
 * exports and SEZ supplies (s.16, LUT), places of supply 96 and 97, and tax-inclusive prices.
 * Every figure is worked out by hand in the comment beside it.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let gst5: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  // A Karnataka organisation registered under 29AABCB1234F1Z4.
  const created = await t.admin.post('/orgs', { name: 'Karnataka Traders', state_code: 'IN-KA', gstin: '29AABCB1234F1Z4' });
  const orgId: string = created.body.org.org_id;
  const { token, tokenId } = await t.given.token([orgId]);
  org = { orgId, userId: '', token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
  [gst18, gst5] = await Promise.all([taxId(org.api, 18), taxId(org.api, 5)]);
});
afterAll(async () => { await t.close(); });

const line = (rate: number, extra: Record<string, unknown> = {}) => ({ name: 'Goods', hsn_or_sac: '8471', rate, quantity: 1, tax_id: gst18, ...extra });
const invoiceBody = (customerId: string, extra: Record<string, unknown> = {}) => ({
  customer_id: customerId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line(1000)], ...extra,
});
let billRef = 0;
const billBody = (vendorId: string, extra: Record<string, unknown> = {}) => ({
  vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, reference_number: `REF-${++billRef}`, line_items: [line(1000)], ...extra,
});

async function journalOf(source: string, sourceId: string): Promise<[string, number, number][]> {
  const names = new Map((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name]));
  const journal = (await org.api.get(`/journals?source=${source}&source_id=${sourceId}`)).body.journals[0];
  return journal.lines.map((l: { account_id: string; debit: number; credit: number }) => [names.get(l.account_id), l.debit, l.credit]);
}

describe('tax type from the supplier\'s state', () => {
  it('bills a Gujarat vendor\'s supply in Maharashtra with IGST: the vendor is the supplier, not the branch', async () => {
    const vendorId = await vendor(org.api, { gst_no: '24AAPFU0939F1Z1' });
    const res = await org.api.post('/bills', billBody(vendorId, { place_of_supply: 'IN-MH' }));
    expect(res.status).toBe(201);
    // 1 × 1,000 at 18% inter-state: IGST 180.
    expect(res.body.bill).toMatchObject({ sub_total: 1000, igst_total: 180, cgst_total: 0, sgst_total: 0, total: 1180, gst_treatment: 'REGISTERED', is_inclusive_tax: false });
    expect(await journalOf('BILL', res.body.bill.bill_id)).toEqual([['Purchases', 1000, 0], ['IGST Input', 180, 0], ['Accounts Payable', 0, 1180]]);
  });

  it('bills a Maharashtra vendor\'s supply in Maharashtra with CGST and SGST, though the branch is in Karnataka', async () => {
    const vendorId = await vendor(org.api, { gst_no: '27AAPFU0939F1ZV' });
    const res = await org.api.post('/bills', billBody(vendorId, { place_of_supply: 'IN-MH' }));
    expect(res.body.bill).toMatchObject({ cgst_total: 90, sgst_total: 90, igst_total: 0, total: 1180 });
  });

  it('takes an unregistered vendor\'s recorded state when it has no GSTIN', async () => {
    const vendorId = await vendor(org.api, { place_of_contact: 'IN-TN' });
    const intra = await org.api.post('/bills', billBody(vendorId, { place_of_supply: 'IN-TN' }));
    expect(intra.body.bill).toMatchObject({ cgst_total: 90, sgst_total: 90, igst_total: 0 });
    const inter = await org.api.post('/bills', billBody(vendorId, { place_of_supply: 'IN-KA' }));
    expect(inter.body.bill).toMatchObject({ cgst_total: 0, sgst_total: 0, igst_total: 180 });
  });

  it('judges purchase orders, debit notes and expenses with a vendor by the vendor\'s state too', async () => {
    const vendorId = await vendor(org.api, { gst_no: '24AAPFU0939F1Z1' });
    const po = await org.api.post('/purchase_orders', { vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-MH', line_items: [line(1000)] });
    expect(po.status, JSON.stringify(po.body)).toBe(201);
    expect(po.body.purchase_order).toMatchObject({ igst_total: 180, cgst_total: 0 });
    const note = await createDebitNote(org.api, { vendor_id: vendorId, date: '2026-06-10', place_of_supply: 'IN-MH', line_items: [line(100)] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.debit_note).toMatchObject({ igst_total: 18, cgst_total: 0, gst_treatment: 'REGISTERED' });
    const bank = await accountId(org.api, 'Petty Cash');
    const expenseAccount = (await org.api.get('/accounts?account_type=EXPENSE')).body.accounts[0].account_id;
    const expense = await org.api.post('/expenses', {
      date: '2026-06-10', account_id: expenseAccount, paid_through_account_id: bank, amount: 1000, tax_id: gst18, vendor_id: vendorId, place_of_supply: 'IN-GJ',
    });
    expect(expense.status, JSON.stringify(expense.body)).toBe(201);
    // Gujarat vendor, place of supply Gujarat: 9% + 9% = 90 + 90.
    expect(expense.body.expense).toMatchObject({ cgst_total: 90, sgst_total: 90, igst_total: 0 });
    await expectBooksBalanced(org.api);
  });

  it('sells from the branch: its GSTIN\'s state against the place of supply', async () => {
    const customerId = await customer(org.api);
    const intra = await createInvoice(org.api, invoiceBody(customerId));
    expect(intra.body.invoice).toMatchObject({ cgst_total: 90, sgst_total: 90, igst_total: 0, gst_treatment: 'UNREGISTERED', export_type: null });
    const inter = await createInvoice(org.api, invoiceBody(customerId, { place_of_supply: 'IN-MH' }));
    expect(inter.body.invoice).toMatchObject({ cgst_total: 0, sgst_total: 0, igst_total: 180 });
  });
});

describe('CGST = SGST', () => {
  it('computes each half at half the rate and rounds it on its own: 10.50 at 18% is 0.95 + 0.95', async () => {
    const customerId = await customer(org.api);
    const res = await createInvoice(org.api, invoiceBody(customerId, { line_items: [line(10.5)] }));
    // 10.50 × 9% = 0.945 → 0.95 each; tax 1.90 (18% on the whole would be 1.89).
    expect(res.body.invoice).toMatchObject({ sub_total: 10.5, cgst_total: 0.95, sgst_total: 0.95, tax_total: 1.9, total: 12.4 });
    expect(res.body.invoice.line_items[0]).toMatchObject({ cgst_amount: 0.95, sgst_amount: 0.95, tax_amount: 1.9 });
    expect(await journalOf('INVOICE', res.body.invoice.invoice_id)).toEqual([
      ['Accounts Receivable', 12.4, 0], ['Sales', 0, 10.5], ['CGST Output', 0, 0.95], ['SGST Output', 0, 0.95],
    ]);
    await expectBooksBalanced(org.api);
  });
});

describe('places of supply 96 and 97', () => {
  it('accepts 96 and 97 in every form and returns IN-96 / IN-97', async () => {
    const customerId = await customer(org.api);
    for (const [input, canonical] of [['96', 'IN-96'], ['IN-96', 'IN-96'], ['96-Foreign Country', 'IN-96'], ['Foreign Country', 'IN-96'], ['97', 'IN-97'], ['97-Other Territory', 'IN-97'], ['Other Territory', 'IN-97']]) {
      const res = await createInvoice(org.api, invoiceBody(customerId, { place_of_supply: input, auto_approve: false }));
      expect(res.status, input).toBe(201);
      expect(res.body.invoice.place_of_supply).toBe(canonical);
    }
  });

  it('taxes an export (96) with IGST by default, and records it WPAY', async () => {
    const customerId = await customer(org.api, { gst_treatment: 'OVERSEAS' });
    const res = await createInvoice(org.api, invoiceBody(customerId, { place_of_supply: '96' }));
    expect(res.body.invoice).toMatchObject({ place_of_supply: 'IN-96', igst_total: 180, cgst_total: 0, export_type: 'WPAY', gst_treatment: 'OVERSEAS' });
  });

  it('zero-rates an export under LUT (WOPAY): no tax, the rate still on the line, in a foreign currency', async () => {
    const customerId = await customer(org.api, { gst_treatment: 'OVERSEAS', currency_code: 'USD' });
    const res = await createInvoice(org.api, invoiceBody(customerId, {
      place_of_supply: 'IN-96', export_type: 'WOPAY', currency_code: 'USD', exchange_rate: 83.5, line_items: [line(100)],
    }));
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({ tax_total: 0, igst_total: 0, total: 100, export_type: 'WOPAY' });
    expect(res.body.invoice.line_items[0]).toMatchObject({ tax_percentage: 18, tax_amount: 0 });
    // USD 100 × 83.5 = ₹8,350.00 in the books.
    expect(await journalOf('INVOICE', res.body.invoice.invoice_id)).toEqual([['Accounts Receivable', 8350, 0], ['Sales', 0, 8350]]);
    // Rule 46: the invoice says what the zero-rating is.
    const pdf = await fetch(`${t.baseUrl}${PUBLIC}/invoices/${res.body.invoice.invoice_id}/pdf`, { headers: { authorization: `Bearer ${org.token}` } });
    expect(pdf.status).toBe(200);
    const { text } = await readPdf(Buffer.from(await pdf.arrayBuffer()));
    expect(text.replace(/\s+/g, ' ')).toContain('SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX');
    await expectBooksBalanced(org.api);
  });

  it('taxes other territory (97) as an inter-state supply', async () => {
    const customerId = await customer(org.api);
    const res = await createInvoice(org.api, invoiceBody(customerId, { place_of_supply: '97' }));
    expect(res.body.invoice).toMatchObject({ place_of_supply: 'IN-97', igst_total: 180, cgst_total: 0, export_type: null });
  });

  it('gives an overseas customer\'s estimates and orders the place of supply 96, unless they name an Indian one', async () => {
    const customerId = await customer(org.api, { gst_treatment: 'OVERSEAS' });
    const estimate = await org.api.post('/estimates', { customer_id: customerId, date: '2026-06-10', line_items: [line(1000)] });
    expect(estimate.status).toBe(201);
    expect(estimate.body.estimate).toMatchObject({ place_of_supply: 'IN-96', igst_total: 180, cgst_total: 0 });
    const order = await org.api.post('/sales_orders', { customer_id: customerId, date: '2026-06-10', line_items: [line(1000)] });
    expect(order.body.sales_order).toMatchObject({ place_of_supply: 'IN-96', igst_total: 180 });
    // Goods delivered in Karnataka to an overseas buyer: a domestic, intra-state supply.
    const domestic = await createInvoice(org.api, invoiceBody(customerId));
    expect(domestic.body.invoice).toMatchObject({ place_of_supply: 'IN-KA', cgst_total: 90, sgst_total: 90, export_type: null });
  });

  it('records an overseas contact\'s place of contact as 96', async () => {
    const res = await org.api.post('/contacts', { contact_name: 'Acme Inc.', contact_type: 'CUSTOMER', gst_treatment: 'OVERSEAS' });
    expect(res.body.contact.place_of_contact).toBe('IN-96');
  });
});

describe('SEZ and deemed exports', () => {
  it('taxes every supply to an SEZ with IGST, even within the state (WPAY)', async () => {
    const customerId = await customer(org.api, { gst_no: '29AAACR5055K1Z3', gst_treatment: 'SEZ' });
    const res = await createInvoice(org.api, invoiceBody(customerId));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.invoice).toMatchObject({ place_of_supply: 'IN-KA', igst_total: 180, cgst_total: 0, export_type: 'WPAY', gst_treatment: 'SEZ' });
  });

  it('zero-rates a supply to an SEZ under LUT (WOPAY), and its credit note follows the invoice', async () => {
    const customerId = await customer(org.api, { gst_no: '29AAACR5055K1Z3', gst_treatment: 'SEZ' });
    const invoice = (await createInvoice(org.api, invoiceBody(customerId, { export_type: 'WOPAY' }))).body.invoice;
    expect(invoice).toMatchObject({ tax_total: 0, total: 1000, export_type: 'WOPAY' });
    const note = await createCreditNote(org.api, {
      customer_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-12',
      line_items: [{ invoice_line_item_id: invoice.line_items[0].line_item_id, quantity: 1 }],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect(note.body.credit_note).toMatchObject({ tax_total: 0, total: 1000, export_type: 'WOPAY', gst_treatment: 'SEZ' });
    await expectBooksBalanced(org.api);
  });

  it('taxes a deemed export as an ordinary supply, and refuses an export_type on it', async () => {
    const customerId = await customer(org.api, { gst_no: '29AAACR5055K1Z3', gst_treatment: 'DEEMED_EXPORT' });
    const res = await createInvoice(org.api, invoiceBody(customerId));
    expect(res.body.invoice).toMatchObject({ cgst_total: 90, sgst_total: 90, export_type: null, gst_treatment: 'DEEMED_EXPORT' });
    const refused = await createInvoice(org.api, invoiceBody(customerId, { export_type: 'WPAY' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'export_type' });
  });

  it('refuses export_type on a domestic supply and writes nothing', async () => {
    const customerId = await customer(org.api);
    const before = (await org.api.get(`/invoices?customer_id=${customerId}`)).body.invoices.length;
    const refused = await createInvoice(org.api, invoiceBody(customerId, { place_of_supply: 'IN-97', export_type: 'WOPAY' }));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'export_type' });
    expect((await org.api.get(`/invoices?customer_id=${customerId}`)).body.invoices.length).toBe(before);
  });
});

describe('tax-inclusive prices', () => {
  it('takes the taxable value out of an invoice\'s amounts and lets round_off keep the total as entered', async () => {
    const customerId = await customer(org.api);
    const res = await createInvoice(org.api, invoiceBody(customerId, { is_inclusive_tax: true, line_items: [line(10), line(10.5)] }));
    expect(res.status).toBe(201);
    // 10.00 incl. 18%: 1000 × 100 / 118 = 847.46 → 8.47; 9% = 0.7623 → 0.76 each: 8.47 + 1.52 = 9.99, 0.01 left.
    // 10.50 incl. 18%: 1050 × 100 / 118 = 889.83 → 8.90; 9% = 0.801 → 0.80 each: 8.90 + 1.60 = 10.50.
    expect(res.body.invoice).toMatchObject({
      is_inclusive_tax: true, sub_total: 17.37, cgst_total: 1.56, sgst_total: 1.56, tax_total: 3.12, round_off: 0.01, total: 20.5,
    });
    expect(res.body.invoice.line_items.map((l: { rate: number; item_total: number }) => [l.rate, l.item_total])).toEqual([[10, 8.47], [10.5, 8.9]]);
    expect(await journalOf('INVOICE', res.body.invoice.invoice_id)).toEqual([
      ['Accounts Receivable', 20.5, 0], ['Sales', 0, 8.47], ['Sales', 0, 8.9], ['CGST Output', 0, 1.56], ['SGST Output', 0, 1.56], ['Round Off', 0, 0.01],
    ]);
    const fetched = await org.api.get(`/invoices/${res.body.invoice.invoice_id}`);
    expect(fetched.body.invoice).toMatchObject({ is_inclusive_tax: true, round_off: 0.01, total: 20.5 });
    await expectBooksBalanced(org.api);
  });

  it('keeps the inclusive remainder when a DRAFT invoice is edited', async () => {
    const customerId = await customer(org.api);
    const draft = (await createInvoice(org.api, invoiceBody(customerId, { is_inclusive_tax: true, auto_approve: false, line_items: [line(10)] }))).body.invoice;
    expect(draft).toMatchObject({ sub_total: 8.47, tax_total: 1.52, round_off: 0.01, total: 10 });
    const edited = await org.api.put(`/invoices/${draft.invoice_id}`, { notes: 'edited' });
    expect(edited.body.invoice).toMatchObject({ round_off: 0.01, total: 10 });
  });

  it('takes the taxable value out of a bill\'s amounts the same way', async () => {
    const vendorId = await vendor(org.api, { gst_no: '24AAPFU0939F1Z1' });
    const res = await org.api.post('/bills', billBody(vendorId, { place_of_supply: 'IN-GJ', is_inclusive_tax: true, line_items: [line(10), line(105, { tax_id: gst5 })] }));
    expect(res.status).toBe(201);
    // Gujarat to Gujarat: intra. 10.00 incl. 18%: 8.47 + 0.76 + 0.76 = 9.99, 0.01 left.
    // 105.00 incl. 5%: 10500 × 100 / 105 = 100.00; 2.5% = 2.50 each: 105.00.
    expect(res.body.bill).toMatchObject({
      is_inclusive_tax: true, sub_total: 108.47, cgst_total: 3.26, sgst_total: 3.26, tax_total: 6.52, round_off: 0.01, total: 115,
    });
    // Gujarat's CGST and SGST are no credit of the Karnataka registration (GSTR-3B 4(D)(2)): each line's tax is in its cost.
    expect(await journalOf('BILL', res.body.bill.bill_id)).toEqual([
      ['Purchases', 9.99, 0], ['Purchases', 105, 0], ['Round Off', 0.01, 0], ['Accounts Payable', 0, 115],
    ]);
    await expectBooksBalanced(org.api);
  });

  it('keeps every document and its postings in agreement (ledger verify)', async () => {
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
