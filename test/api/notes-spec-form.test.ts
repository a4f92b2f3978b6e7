import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createDebitNote, customer, postedBill, postedInvoice, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Notes in the spec's line form (item_id, quantity, rate, restock; or name, quantity, rate)
 * against the invoice or bill they name: lines that name none of its lines (was 400 on
 * line_items[0].invoice_line_item_id). Figures worked by hand: an intra-state Karnataka
 * organisation, 18% as CGST 9% + SGST 9%.
 */

let t: TestApp;
let org: OrgFixture;
let gst18: string;
let gst12: string;
let gst5: string;
beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  [gst18, gst12, gst5] = await Promise.all([taxId(org.api, 18), taxId(org.api, 12), taxId(org.api, 5)]);
});
afterAll(async () => { await t.close(); });

/** A journal's lines as [account name, debit, credit]. */
async function journalOf(source: string, sourceId: string) {
  const names = new Map((await org.api.get('/accounts?per_page=200')).body.accounts.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name]));
  const journals = (await org.api.get(`/journals?source=${source}&source_id=${sourceId}`)).body.journals;
  return journals.map((j: { lines: { account_id: string; debit: number; credit: number }[] }) => j.lines.map((l) => [names.get(l.account_id), l.debit, l.credit]));
}

const fault = (field: string) => expect.objectContaining({ field });

describe('a credit note in the spec form against a single-rate invoice', () => {
  it('accepts the item_id form and the name form as the spec writes them: the invoice’s tax and HSN, Dr Sales and GST output, Cr Receivable; the HSN table takes back one unit and ₹2,500', async () => {
    const item = await org.api.post('/items', { name: 'Mixer grinder', rate: 2000, hsn_sac: '85094010', unit: 'nos', tax_id: gst18 });
    expect(item.status, JSON.stringify(item.body)).toBe(201);
    const itemId = item.body.item.item_id;
    const customerId = await customer(org.api);
    // 3 × ₹2,000 = ₹6,000, CGST and SGST ₹540 each: ₹7,080.
    const invoice = await postedInvoice(org.api, customerId, 0, { line_items: [{ item_id: itemId, quantity: 3 }] });
    expect(invoice.total).toBe(7080);

    const res = await createCreditNote(org.api, {
      customer_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-12', notes: 'One unit returned; goodwill on the rest',
      line_items: [{ item_id: itemId, quantity: 1, rate: 2000, restock: true }, { name: 'Goodwill discount', quantity: 1, rate: 500 }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const cn = res.body.credit_note;
    // ₹2,000 + ₹500 = ₹2,500; CGST and SGST 9% = ₹225 each: ₹2,950.
    expect(cn).toMatchObject({ invoice_id: invoice.invoice_id, sub_total: 2500, cgst_total: 225, sgst_total: 225, igst_total: 0, total: 2950, status: 'ISSUED' });
    expect(cn.line_items.map((l: Record<string, unknown>) => [l.name, l.hsn_or_sac, l.unit, l.tax_id, l.item_total, l.restock, l.invoice_line_item_id])).toEqual([
      ['Mixer grinder', '85094010', 'NOS', gst18, 2000, true, null],
      ['Goodwill discount', '85094010', 'NOS', gst18, 500, false, null],
    ]);
    expect(await journalOf('CREDIT_NOTE', cn.credit_note_id)).toEqual([[
      ['Sales', 2000, 0], ['Sales', 500, 0], ['CGST Output', 225, 0], ['SGST Output', 225, 0], ['Accounts Receivable', 0, 2950],
    ]]);

    // 3 sold less the 1 restocked; ₹6,000 − ₹2,500; tax ₹540 − ₹225.
    const hsn = await org.api.get(`/reports/hsn_summary?gstin=${SUPPLIER_GSTIN}&from_date=2026-06-01&to_date=2026-06-30`);
    expect(hsn.status).toBe(200);
    expect(hsn.body.hsn_summary.hsn_b2c.data).toEqual([
      { num: 1, hsn_sc: '85094010', desc: 'Goodwill discount', uqc: 'NOS', qty: 2, rt: 18, txval: 3500, iamt: 0, camt: 315, samt: 315, csamt: 0 },
    ]);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});

describe('refusals against a multi-rate invoice, writing nothing', () => {
  it('no tax_id, a tax_id the invoice does not carry, no HSN to be found, more than the invoice total, a date before it: 400 on the field', async () => {
    const customerId = await customer(org.api);
    // ₹1,000 at 18% and two ₹1,000 lines at 12% of different HSNs: ₹1,180 + ₹2,240 = ₹3,420.
    const invoice = await postedInvoice(org.api, customerId, 0, { line_items: [
      { name: 'Kettle', hsn_or_sac: '85161000', unit: 'nos', quantity: 1, rate: 1000, tax_id: gst18 },
      { name: 'Toaster', hsn_or_sac: '85167200', unit: 'nos', quantity: 1, rate: 1000, tax_id: gst12 },
      { name: 'Iron', hsn_or_sac: '85164000', unit: 'nos', quantity: 1, rate: 1000, tax_id: gst12 },
    ] });
    expect(invoice.total).toBe(3420);
    const note = (line: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      createCreditNote(org.api, { customer_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-12', line_items: [line], ...extra });

    const cases: [Record<string, unknown>, Record<string, unknown>, number, string][] = [
      [{ name: 'Refund', quantity: 1, rate: 100 }, {}, 400, 'line_items[0].tax_id'],
      [{ name: 'Refund', quantity: 1, rate: 100, tax_id: gst5 }, {}, 400, 'line_items[0].tax_id'],
      [{ name: 'Refund', quantity: 1, rate: 100, tax_id: gst12 }, {}, 400, 'line_items[0].hsn_or_sac'],
      // ₹3,000 at 18% is ₹3,540, above the invoice's ₹3,420.
      [{ name: 'Refund', quantity: 1, rate: 3000, tax_id: gst18 }, {}, 400, 'total'],
      [{ name: 'Refund', quantity: 1, rate: 100, tax_id: gst18 }, { date: '2026-06-09' }, 400, 'date'],
    ];
    for (const [line, extra, status, field] of cases) {
      const res = await note(line, extra);
      expect([res.status, res.body], JSON.stringify(line)).toEqual([status, fault(field)]);
    }
    expect((await org.api.get(`/credit_notes?invoice_id=${invoice.invoice_id}`)).body.credit_notes).toEqual([]);

    // Named, at a rate with one HSN: the Kettle's code.
    const ok = await note({ name: 'Refund', quantity: 1, rate: 100, tax_id: gst18 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.credit_note.line_items[0]).toMatchObject({ hsn_or_sac: '85161000', tax_id: gst18, item_total: 100, cgst_amount: 9, sgst_amount: 9 });
    expect(ok.body.credit_note.total).toBe(118);
  });
});

describe('vendor credits and debit notes in the spec form against a bill', () => {
  it("a vendor's credit (Dr Payable, Cr Purchases and GST input) and a debit note (the same, applied to the bill at once); together never above the bill", async () => {
    const vendorId = await vendor(org.api);
    // 10 × ₹100 at 18%: ₹1,180.
    const bill = await postedBill(org.api, vendorId, 0, { line_items: [{ name: 'Copper wire', hsn_or_sac: '74081110', unit: 'nos', quantity: 10, rate: 100, tax_id: gst18 }] });
    expect(bill.total).toBe(1180);

    const vc = await createCreditNote(org.api, { customer_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ name: 'Short supply', quantity: 2, rate: 100 }] });
    expect(vc.status, JSON.stringify(vc.body)).toBe(201);
    expect(vc.body.credit_note).toMatchObject({ type: 'vendor', bill_id: bill.bill_id, sub_total: 200, cgst_total: 18, sgst_total: 18, total: 236 });
    expect(vc.body.credit_note.line_items[0]).toMatchObject({ hsn_or_sac: '74081110', tax_id: gst18, bill_line_item_id: null });
    expect(await journalOf('CREDIT_NOTE', vc.body.credit_note.credit_note_id)).toEqual([[
      ['Purchases', 0, 200], ['CGST Input', 0, 18], ['SGST Input', 0, 18], ['Accounts Payable', 236, 0],
    ]]);

    const dn = await createDebitNote(org.api, { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ name: 'Rate difference', quantity: 1, rate: 300 }] });
    expect(dn.status, JSON.stringify(dn.body)).toBe(201);
    // ₹300 + ₹27 + ₹27 = ₹354, applied to the bill at creation.
    expect(dn.body.debit_note).toMatchObject({ bill_id: bill.bill_id, sub_total: 300, total: 354, applied_amount: 354, balance_amount: 0, status: 'APPLIED' });
    expect(await journalOf('DEBIT_NOTE', dn.body.debit_note.debit_note_id)).toEqual([[
      ['Purchases', 0, 300], ['CGST Input', 0, 27], ['SGST Input', 0, 27], ['Accounts Payable', 354, 0],
    ]]);
    expect((await org.api.get(`/bills/${bill.bill_id}`)).body.bill).toMatchObject({ balance: 826 });

    // ₹1,180 − ₹236 − ₹354 = ₹590 left creditable; ₹600 at 18% is ₹708.
    const over = await createDebitNote(org.api, { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ name: 'More', quantity: 1, rate: 600 }] });
    expect([over.status, over.body]).toEqual([400, expect.objectContaining({ field: 'total', details: expect.objectContaining({ remaining_creditable: 590 }) })]);
    const twoRates = await createDebitNote(org.api, { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', line_items: [{ name: 'More', quantity: 1, rate: 10, tax_id: gst12 }] });
    expect([twoRates.status, twoRates.body]).toEqual([400, fault('line_items[0].tax_id')]);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
    await expectBooksBalanced(org.api);
  });
});
