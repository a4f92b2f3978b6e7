import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountBalance, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { readPdf } from '../support/pdf-reader';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Outward reverse charge (CGST s.9(3), IGST s.5(3); Notification 13/2017-CT(Rate)) for a Karnataka
 * registration (29) in June 2026: a goods transport agency's freight to Raman Traders (29) at 5%
 * and legal services to Udyog Supplies (27) at 18%, both under reverse charge, an ordinary sale to
 * Raman at 18%, and a credit note against the freight. The recipients pay the reverse-charge tax:
 * the books hold none of it, GSTR-1 reports it in Table 4B (`rchrg` Y), GSTR-3B reports the value.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

let gst5: string;
let gst18: string;
let raman: string;
let udyog: string;
let freight: Json;
let legal: Json;
let note: Json;
const nameOf = new Map<string, string>();

async function invoice(body: Json) {
  const res = await createInvoice(org.api, { date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.invoice as Json;
}

async function entryOf(source: string, id: string) {
  const journals = (await org.api.get(`/journals?source=${source}&source_id=${id}`)).body.journals as Json[];
  expect(journals).toHaveLength(1);
  return journals[0]!.lines.map((l: Json) => [nameOf.get(l.account_id), l.debit, l.credit]);
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t, { address: { address: '42, 1st Main Road\nKoramangala', city: 'Bengaluru', state_code: 'IN-KA', zip: '560034', country: 'India' } });
  const api = org.api;
  [gst5, gst18] = await Promise.all([taxId(api, 5), taxId(api, 18)]);
  for (const a of (await api.get('/accounts?per_page=200')).body.accounts as Json[]) nameOf.set(a.account_id, a.account_name);
  raman = await gstCustomer(api);
  udyog = await gstCustomer(api, {
    contact_name: 'Udyog Supplies', gst_no: OTHER_STATE_GSTIN,
    billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' },
  });
  freight = await invoice({ customer_id: raman, is_reverse_charge: true, line_items: [{ name: 'Freight, Bengaluru to Mysuru', hsn_or_sac: '996511', quantity: 1, rate: 20000, tax_id: gst5 }] });
  legal = await invoice({ customer_id: udyog, place_of_supply: 'IN-MH', is_reverse_charge: true, line_items: [{ name: 'Legal services', hsn_or_sac: '998211', quantity: 1, rate: 50000, tax_id: gst18 }] });
  await invoice({ customer_id: raman, line_items: [{ name: 'Laptop', hsn_or_sac: '84713010', quantity: 1, rate: 10000, tax_id: gst18 }] });
  const res = await createCreditNote(api, { customer_id: raman, invoice_id: freight.invoice_id, date: '2026-06-20', line_items: [{ invoice_line_item_id: freight.line_items[0].line_item_id, amount: 4000 }] });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  note = res.body.credit_note;
});
afterAll(async () => { await t.close(); });

describe('an invoice under reverse charge', () => {
  it('states the tax the recipient pays and charges the taxable value alone', async () => {
    // 20,000 × 2.5% = 500 CGST and 500 SGST, stated; the customer owes 20,000.
    expect(freight).toMatchObject({ is_reverse_charge: true, sub_total: 20000, tax_total: 1000, cgst_total: 500, sgst_total: 500, total: 20000, balance: 20000 });
    expect(freight.line_items[0]).toMatchObject({ item_total: 20000, tax_amount: 1000, cgst_amount: 500, sgst_amount: 500, igst_amount: 0 });
    // 50,000 × 18% = 9,000 IGST, stated; the customer owes 50,000.
    expect(legal).toMatchObject({ is_reverse_charge: true, tax_total: 9000, igst_total: 9000, total: 50000 });
    expect((await org.api.get(`/invoices/${freight.invoice_id}`)).body.invoice).toMatchObject({ is_reverse_charge: true, total: 20000 });
  });

  it('posts no output tax: the receivable against the revenue, nothing else', async () => {
    expect(await entryOf('INVOICE', freight.invoice_id)).toEqual([['Accounts Receivable', 20000, 0], ['Sales', 0, 20000]]);
    expect(await entryOf('INVOICE', legal.invoice_id)).toEqual([['Accounts Receivable', 50000, 0], ['Sales', 0, 50000]]);
    // Only the ordinary sale's 10,000 × 9% = 900 CGST and 900 SGST reach the output ledgers (credit balances).
    expect([await accountBalance(org.api, 'CGST Output'), await accountBalance(org.api, 'SGST Output'), await accountBalance(org.api, 'IGST Output')]).toEqual([-900, -900, 0]);
  });

  it('is refused to a customer without a GSTIN (CGST s.24(iii)), and with tax-inclusive rates, writing nothing', async () => {
    const walkIn = await customer(org.api);
    const unregistered = await createInvoice(org.api, { customer_id: walkIn, date: '2026-06-10', place_of_supply: 'IN-KA', is_reverse_charge: true, line_items: [{ name: 'Freight', hsn_or_sac: '996511', rate: 1000, tax_id: gst5 }] });
    expect(unregistered.status).toBe(400);
    expect(unregistered.body).toMatchObject({ code: 'validation.invalid_value', field: 'is_reverse_charge' });
    const inclusive = await createInvoice(org.api, { customer_id: raman, date: '2026-06-10', place_of_supply: 'IN-KA', is_reverse_charge: true, is_inclusive_tax: true, line_items: [{ name: 'Freight', hsn_or_sac: '996511', rate: 1050, tax_id: gst5 }] });
    expect(inclusive.status).toBe(400);
    expect(inclusive.body).toMatchObject({ code: 'validation.invalid_value', field: 'is_inclusive_tax' });
    expect((await org.api.get(`/invoices?customer_id=${walkIn}`)).body.invoices).toEqual([]);
  });

  it('is set on a DRAFT by an edit, which takes the tax out of its total; the approval posts none', async () => {
    const draft = await createInvoice(org.api, { customer_id: raman, date: '2026-06-12', place_of_supply: 'IN-KA', line_items: [{ name: 'Freight', hsn_or_sac: '996511', rate: 3000, tax_id: gst5 }] });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // 3,000 + 75 CGST + 75 SGST = 3,150 until the edit; 3,000 after it.
    expect(draft.body.invoice).toMatchObject({ is_reverse_charge: false, total: 3150 });
    const id = draft.body.invoice.invoice_id;
    const edited = await org.api.put(`/invoices/${id}`, { is_reverse_charge: true }, { idempotencyKey: newKey() });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.invoice).toMatchObject({ is_reverse_charge: true, tax_total: 150, total: 3000, balance: 3000 });
    const approved = await org.api.post(`/invoices/${id}/approve`, {}, { idempotencyKey: newKey() });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await entryOf('INVOICE', id)).toEqual([['Accounts Receivable', 3000, 0], ['Sales', 0, 3000]]);
    await org.api.post(`/invoices/${id}/void`, {}, { idempotencyKey: newKey() });

    const walkIn = await customer(org.api);
    const other = await createInvoice(org.api, { customer_id: walkIn, date: '2026-06-12', place_of_supply: 'IN-KA', line_items: [{ name: 'Freight', hsn_or_sac: '996511', rate: 3000, tax_id: gst5 }] });
    const refused = await org.api.put(`/invoices/${other.body.invoice.invoice_id}`, { is_reverse_charge: true }, { idempotencyKey: newKey() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'is_reverse_charge' });
    expect((await org.api.get(`/invoices/${other.body.invoice.invoice_id}`)).body.invoice).toMatchObject({ is_reverse_charge: false, total: 3150 });
  });

  it('says so on its PDF (CGST Rule 46(p))', async () => {
    const pdf = await fetch(`${t.baseUrl}/api/public/v1/invoices/${freight.invoice_id}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    const text = (await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ');
    expect(text).toContain('Tax payable on reverse charge Yes');
  });

  it("has an e-invoice with RegRev Y: the tax stated, the item's and invoice's values without it", async () => {
    const res = await org.api.get(`/invoices/${freight.invoice_id}/einvoice`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.einvoice.TranDtls).toMatchObject({ SupTyp: 'B2B', RegRev: 'Y' });
    expect(res.body.einvoice.ItemList[0]).toMatchObject({ AssAmt: 20000, GstRt: 5, CgstAmt: 500, SgstAmt: 500, IgstAmt: 0, TotItemVal: 20000 });
    expect(res.body.einvoice.ValDtls).toMatchObject({ AssVal: 20000, CgstVal: 500, SgstVal: 500, IgstVal: 0, RndOffAmt: 0, TotInvVal: 20000 });
  });
});

describe('a credit note against it', () => {
  it('follows it: the tax stated, the taxable value taken back, no output tax reversed', async () => {
    // 4,000 × 2.5% = 100 CGST and 100 SGST, stated; the note is worth 4,000.
    expect(note).toMatchObject({ sub_total: 4000, tax_total: 200, cgst_total: 100, sgst_total: 100, total: 4000 });
    expect(await entryOf('CREDIT_NOTE', note.credit_note_id)).toEqual([['Sales', 4000, 0], ['Accounts Receivable', 0, 4000]]);
    const einvoice = await org.api.get(`/credit_notes/${note.credit_note_id}/einvoice`);
    expect(einvoice.status, JSON.stringify(einvoice.body)).toBe(200);
    expect(einvoice.body.einvoice.TranDtls.RegRev).toBe('Y');
    expect(einvoice.body.einvoice.ValDtls).toMatchObject({ AssVal: 4000, CgstVal: 100, SgstVal: 100, TotInvVal: 4000 });
    const pdf = await fetch(`${t.baseUrl}/api/public/v1/credit_notes/${note.credit_note_id}/pdf`, { headers: { authorization: `Bearer ${org.token}`, accept: 'application/pdf' } });
    expect(pdf.status).toBe(200);
    expect((await readPdf(new Uint8Array(await pdf.arrayBuffer()))).text.replace(/\s+/g, ' ')).toContain('Tax payable on reverse charge Yes');
    // Applied to the freight invoice, it leaves 20,000 − 4,000 = 16,000 to pay.
    const applied = await org.api.post(`/credit_notes/${note.credit_note_id}/apply-to-invoice`, { invoice_id: freight.invoice_id, amount: 4000 }, { idempotencyKey: newKey() });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.invoice).toMatchObject({ balance: 16000 });
  });
});

describe('the returns', () => {
  it('GSTR-1 reports both invoices in b2b with rchrg Y and the tax the recipients pay, and the note in cdnr', async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { b2b, cdnr } = res.body.gstr1;
    expect(b2b).toEqual([
      { ctin: OTHER_STATE_GSTIN, inv: [{ inum: legal.invoice_number, idt: '10-06-2026', val: 50000, pos: '27', rchrg: 'Y', inv_typ: 'R',
        itms: [{ num: 1, itm_det: { rt: 18, txval: 50000, iamt: 9000, camt: 0, samt: 0, csamt: 0 } }] }] },
      { ctin: '29AAACR5055K1Z3', inv: [
        { inum: freight.invoice_number, idt: '10-06-2026', val: 20000, pos: '29', rchrg: 'Y', inv_typ: 'R',
          itms: [{ num: 1, itm_det: { rt: 5, txval: 20000, iamt: 0, camt: 500, samt: 500, csamt: 0 } }] },
        // 10,000 + 900 + 900.
        { inum: expect.any(String), idt: '10-06-2026', val: 11800, pos: '29', rchrg: 'N', inv_typ: 'R',
          itms: [{ num: 1, itm_det: { rt: 18, txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 } }] },
      ] },
    ]);
    expect(cdnr).toEqual([{ ctin: '29AAACR5055K1Z3', nt: [{ ntty: 'C', nt_num: note.credit_note_number, nt_dt: '20-06-2026', val: 4000, pos: '29', rchrg: 'Y', inv_typ: 'R',
      itms: [{ num: 1, itm_det: { rt: 5, txval: 4000, iamt: 0, camt: 100, samt: 100, csamt: 0 } }] }] }]);
  });

  it("GSTR-1's summary shows Table 4B's tax in its section and finds no difference with the books", async () => {
    const res = await org.api.get(`/gst/gstr1/summary?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const summary = res.body.gstr1_summary;
    // 50,000 + 20,000 + 10,000 with IGST 9,000, CGST and SGST 500 + 900 each.
    expect(summary.sections.find((s: Json) => s.section === 'b2b')).toEqual({ section: 'b2b', documents: 3, txval: 80000, iamt: 9000, camt: 1400, samt: 1400, csamt: 0 });
    // The supplier's own tax: the ordinary sale's 900 + 900, in the return as in the books.
    expect(summary.reconciliation).toEqual({ return_tax: 1800, books_tax: 1800, difference: 0, differences: [] });
  });

  it('GSTR-3B puts the reverse-charge value in 3.1(a) without its tax', async () => {
    const res = await org.api.get(`/gst/gstr3b?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 20,000 + 50,000 + 10,000 − 4,000 credited; the tax is the ordinary sale's alone: CGST and SGST 900.
    expect(res.body.gstr3b.sup_details.osup_det).toEqual({ txval: 76000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
    expect(res.body.gstr3b.inter_sup).toEqual({ unreg_details: [], comp_details: [], uin_details: [] });
    await expectBooksBalanced(org.api);
  });
});
