/**
 * GET /<documents>/{id}/pdf through HTTP (spec "PDFs"): every document kind renders as a well
 * formed file that draws only in fonts it embeds, and its text reads back with the GST content
 * (PDF.js, test/support/pdf-reader.ts: nothing to install but `npm ci`); headers, the cache per
 * (document, version, template), templates, scopes, organisations and hostile text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { readPdf } from '../support/pdf-reader';
import { INVOICE_TEMPLATES } from '../../src/modules/pdfs';
import { CUSTOMER_GSTIN, gstCustomer, gstInvoice, gstLines, gstOrg, gstVendor, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { newKey, PUBLIC, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
let customerId: string;
let vendorId: string;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await gstOrg(t);
  expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { roundInvoiceTotals: true })).status).toBe(200);
  customerId = await gstCustomer(org.api);
  vendorId = await gstVendor(org.api);
});
afterAll(async () => {
  await t.close();
});

interface PdfResponse {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The JSON error body, when the answer is not a PDF. */
  json: { code?: string; field?: string } | null;
}

async function getPdf(pathAndQuery: string, options: { token?: string; headers?: Record<string, string> } = {}): Promise<PdfResponse> {
  const res = await fetch(`${t.baseUrl}${PUBLIC}${pathAndQuery}`, {
    headers: { authorization: `Bearer ${options.token ?? org.token}`, accept: 'application/pdf', ...options.headers },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const json = res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : null;
  return { status: res.status, headers: res.headers, bytes, json };
}

/** The text of a file that readPdf finds well formed, with every font embedded. */
const pdfText = async (bytes: Buffer): Promise<string> => (await readPdf(bytes)).text;

/** The text, and the same with every run of whitespace one space: a phrase that wraps reads as one. */
async function renderedText(pathAndQuery: string): Promise<{ res: PdfResponse; text: string; flat: string; pages: number }> {
  const res = await getPdf(pathAndQuery);
  expect(res.status, res.json ? JSON.stringify(res.json) : '').toBe(200);
  const { text, pages } = await readPdf(res.bytes);
  return { res, text, flat: text.replace(/\s+/g, ' '), pages };
}

const created = async (collection: string, body: Record<string, unknown>, key: string) => {
  const res = await org.api.post(`/${collection}`, body, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[key];
};

describe('GET /invoices/{id}/pdf: a GST tax invoice', () => {
  it('carries supplier, recipient, number, date, place of supply, lines, the tax breakup per rate, round-off, total, words and notes', async () => {
    const invoice = await gstInvoice(org.api, customerId, { auto_approve: true });
    // CGST = SGST, each at half the rate per line: 5% on 1,502.50 is 37.5625 → 37.56 twice. pre 13,744.54 → round_off 0.46.
    expect(invoice).toMatchObject({ round_off: 0.46, total: 13745, cgst_total: 874.02, sgst_total: 874.02, igst_total: 0 });
    const { res, text, flat } = await renderedText(`/invoices/${invoice.invoice_id}/pdf`);

    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(text).toContain('TAX INVOICE');
    // Supplier and recipient: name, address, GSTIN.
    expect(text).toContain('Bahi Demo Traders Pvt. Ltd.');
    expect(text).toContain('42, 1st Main Road, Koramangala');
    expect(text).toContain('Bengaluru - 560034');
    expect(text).toContain('State: Karnataka (29)');
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    expect(text).toContain('Raman Traders');
    expect(text).toContain('14, 2nd Cross, Indiranagar');
    expect(text).toContain('Bengaluru - 560038');
    expect(text).toContain(`GSTIN: ${CUSTOMER_GSTIN}`);
    // Number, dates, place of supply (state name and code).
    expect(text).toContain(invoice.invoice_number);
    expect(text).toMatch(/Date\s+10 Jun 2026/);
    expect(text).toMatch(/Due date\s+10 Jul 2026/);
    expect(text).toMatch(/Place of supply\s+Karnataka \(29\)/);
    // A line: name, HSN, quantity, unit, rate, discount, taxable value, GST rate, amount.
    expect(text).toMatch(/1\s+Laptop stand,\s+aluminium\s+8473\s+2\s+PCS\s+1,499\.50\s+100\.00\s+2,899\.00\s+18%\s+3,420\.82/);
    expect(flat).toContain('Adjustable height, silver finish');
    expect(text).toMatch(/Installation service\s+998713\s+3\s+NA\s+1,200\.00\s+0\.00\s+3,600\.00\s+12%/);
    // CGST/SGST per rate, and their totals.
    expect(text).toMatch(/5%\s+1,502\.50\s+37\.56 @2\.5%\s+37\.56 @2\.5%\s+75\.12/);
    expect(text).toMatch(/12%\s+3,600\.00\s+216\.00 @6%\s+216\.00 @6%\s+432\.00/);
    expect(text).toMatch(/18%\s+6,894\.00\s+620\.46 @9%\s+620\.46 @9%\s+1,240\.92/);
    expect(text).toMatch(/Total\s+11,996\.50\s+874\.02\s+874\.02\s+1,748\.04/);
    expect(text).not.toContain('IGST');
    // Round-off, total, words, notes.
    expect(text).toMatch(/Round off\s+₹0\.46/);
    expect(text).toMatch(/Total\s+₹13,745\.00/);
    expect(flat).toContain('Rupees Thirteen Thousand Seven Hundred Forty-Five Only');
    expect(text).toContain('Goods once sold will not be taken back.');
    await expectBooksBalanced(org.api);
  });

  it('shows IGST per rate for an inter-state supply, and paise in words', async () => {
    const other = await gstCustomer(org.api, {
      contact_name: 'Pune Distributors', gst_no: OTHER_STATE_GSTIN,
      billing_address: { address: 'FC Road', city: 'Pune', state_code: 'IN-MH', zip: '411004', country: 'India' },
    });
    const invoice = await gstInvoice(org.api, other, { place_of_supply: 'IN-MH', round_off: 0 });
    expect(invoice).toMatchObject({ igst_total: 1748.05, cgst_total: 0, total: 13744.55 });
    const { text, flat } = await renderedText(`/invoices/${invoice.invoice_id}/pdf`);
    expect(text).toMatch(/Place of supply\s+Maharashtra \(27\)/);
    expect(text).toMatch(/18%\s+6,894\.00\s+1,240\.92 @18%\s+1,240\.92/);
    expect(text).toMatch(/IGST\s+₹1,748\.05/);
    expect(text).not.toContain('CGST');
    expect(flat).toContain('Rupees Thirteen Thousand Seven Hundred Forty-Four and Fifty-Five Paise Only');
  });

  it('answers the spec headers: inline by default, attachment with download=true, filename from the number', async () => {
    const invoice = await gstInvoice(org.api, customerId);
    const inline = await getPdf(`/invoices/${invoice.invoice_id}/pdf`);
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toBe(`inline; filename="${invoice.invoice_number}.pdf"`);
    expect(inline.headers.get('content-length')).toBe(String(inline.bytes.length));
    expect(inline.headers.get('cache-control')).toBe('private, max-age=900');
    expect(inline.headers.get('x-svc-render')).toBe('fresh');
    expect(inline.headers.get('x-svc-version')).toBe('1');
    const download = await getPdf(`/invoices/${invoice.invoice_id}/pdf?download=true`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${invoice.invoice_number}.pdf"`);
    expect((await getPdf(`/invoices/${invoice.invoice_id}/pdf?download=false`)).headers.get('content-disposition')).toMatch(/^inline;/);
  });

  it('a filename is reduced to safe characters', async () => {
    const invoice = await gstInvoice(org.api, customerId, { invoice_number: 'GST/26-27/0042' });
    const res = await getPdf(`/invoices/${invoice.invoice_id}/pdf?download=true`);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="GST_26-27_0042.pdf"');
    expect(await pdfText(res.bytes)).toContain('GST/26-27/0042');
  });
});

describe('cache per (document, version, template)', () => {
  it('renders fresh, then answers cached; an edit makes a new version that renders fresh with the change', async () => {
    const invoice = await gstInvoice(org.api, customerId, { notes: 'First notes' });
    const first = await getPdf(`/invoices/${invoice.invoice_id}/pdf`);
    expect([first.headers.get('x-svc-render'), first.headers.get('x-svc-version')]).toEqual(['fresh', '1']);
    const second = await getPdf(`/invoices/${invoice.invoice_id}/pdf?download=true`);
    expect([second.headers.get('x-svc-render'), second.headers.get('x-svc-version')]).toEqual(['cached', '1']);
    expect(second.bytes.equals(first.bytes)).toBe(true);

    expect((await org.api.put(`/invoices/${invoice.invoice_id}`, { notes: 'Edited notes' })).status).toBe(200);
    const edited = await getPdf(`/invoices/${invoice.invoice_id}/pdf`);
    expect([edited.headers.get('x-svc-render'), edited.headers.get('x-svc-version')]).toEqual(['fresh', '2']);
    const text = await pdfText(edited.bytes);
    expect(text).toContain('Edited notes');
    expect(text).not.toContain('First notes');
    expect((await getPdf(`/invoices/${invoice.invoice_id}/pdf`)).headers.get('x-svc-render')).toBe('cached');

    // Approval is an edit too.
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/approve`)).status).toBe(200);
    const approved = await getPdf(`/invoices/${invoice.invoice_id}/pdf`);
    expect([approved.headers.get('x-svc-render'), approved.headers.get('x-svc-version')]).toEqual(['fresh', '3']);
    expect(await pdfText(approved.bytes)).not.toMatch(/Status\s+DRAFT/);
    await expectBooksBalanced(org.api);
  });

  it('applying a payment makes a new version of its voucher, listing the allocation', async () => {
    const invoice = await gstInvoice(org.api, customerId, { auto_approve: true });
    const payment = await created('payments', { flow: 'INCOMING', contact_id: customerId, amount: 5000, date: '2026-06-15', reference_number: 'UTR-PDF-1' }, 'payment');
    const before = await getPdf(`/payments/${payment.payment_id}/pdf`);
    expect([before.headers.get('x-svc-render'), before.headers.get('x-svc-version')]).toEqual(['fresh', '1']);
    expect(await pdfText(before.bytes)).not.toContain(invoice.invoice_number);

    const applied = await org.api.post(`/payments/${payment.payment_id}/apply`, { invoice_id: invoice.invoice_id, amount: 5000 }, { idempotencyKey: newKey() });
    expect(applied.status).toBe(200);
    const after = await getPdf(`/payments/${payment.payment_id}/pdf`);
    expect([after.headers.get('x-svc-render'), after.headers.get('x-svc-version')]).toEqual(['fresh', '2']);
    expect(await pdfText(after.bytes)).toMatch(new RegExp(`${invoice.invoice_number}\\s+10 Jun 2026\\s+13,745\\.00\\s+5,000\\.00`));
    await expectBooksBalanced(org.api);
  });
});

describe('invoice templates', () => {
  it('classic, modern, boxed and tally each render the same content in their own layout', async () => {
    const invoice = await gstInvoice(org.api, customerId, { auto_approve: true });
    const renders = new Map<string, Buffer>();
    for (const template of ['classic', 'modern', 'boxed', 'tally']) {
      const { res, text, flat } = await renderedText(`/invoices/${invoice.invoice_id}/pdf?template=${template}`);
      expect(res.headers.get('x-svc-render')).toBe('fresh');
      expect(text).toContain(`GSTIN: ${CUSTOMER_GSTIN}`);
      expect(text).toMatch(/18%\s+6,894\.00\s+620\.46 @9%\s+620\.46 @9%\s+1,240\.92/);
      expect(flat).toContain('Rupees Thirteen Thousand Seven Hundred Forty-Five Only');
      renders.set(template, res.bytes);
    }
    expect(new Set([...renders.values()].map((b) => b.toString('base64'))).size).toBe(4);
    expect(await pdfText(renders.get('tally')!)).toContain('Amount chargeable (in words)');
  });

  it('every template draws ₹ and accented names (DejaVu faces), read back from the file', async () => {
    const cafe = await gstCustomer(org.api, { contact_name: 'Café Müller', gst_no: null, billing_address: { address: 'Straße 5, Ørestad', city: 'Pune', state_code: 'IN-MH' } });
    const invoice = await gstInvoice(org.api, cafe, { place_of_supply: 'IN-MH', round_off: 0, notes: 'Zahlung an Ñandú — नमस्ते' });
    for (const template of INVOICE_TEMPLATES) {
      const { text, flat } = await renderedText(`/invoices/${invoice.invoice_id}/pdf?template=${template}`);
      expect(text, template).toContain('Café Müller');
      expect(text, template).toContain('Straße 5, Ørestad');
      expect(text, template).toMatch(/Total\s+₹13,744\.55/);
      expect(text, template).toMatch(/IGST\s+₹1,748\.05/);
      // Devanagari is in no DejaVu face: a visible "?" a character, not a crash or a silent gap.
      expect(flat, template).toContain('Zahlung an Ñandú — ??????');
    }
  });

  it('the organisation default comes from the preference invoicePdfTemplate', async () => {
    const invoice = await gstInvoice(org.api, customerId);
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { invoicePdfTemplate: 'boxed' })).status).toBe(200);
    try {
      expect((await getPdf(`/invoices/${invoice.invoice_id}/pdf`)).headers.get('x-svc-render')).toBe('fresh');
      // The explicit template the default named is the same cache entry.
      expect((await getPdf(`/invoices/${invoice.invoice_id}/pdf?template=boxed`)).headers.get('x-svc-render')).toBe('cached');
      expect((await getPdf(`/invoices/${invoice.invoice_id}/pdf?template=classic`)).headers.get('x-svc-render')).toBe('fresh');
    } finally {
      await t.admin.put(`/orgs/${org.orgId}/preferences`, { invoicePdfTemplate: 'classic' });
    }
    expect((await t.admin.put(`/orgs/${org.orgId}/preferences`, { invoicePdfTemplate: 'fancy' })).body).toMatchObject({ code: 'validation.invalid_value', field: 'invoicePdfTemplate' });
  });

  it('an unknown template is 400 validation.invalid_value on template, as JSON; other documents take no template', async () => {
    const invoice = await gstInvoice(org.api, customerId);
    const bad = await getPdf(`/invoices/${invoice.invoice_id}/pdf?template=fancy`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bad.json).toMatchObject({ code: 'validation.invalid_value', field: 'template' });
    const bill = await created('bills', { vendor_id: vendorId, date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA', line_items: await gstLines(org.api), reference_number: 'T-1' }, 'bill');
    expect((await getPdf(`/bills/${bill.bill_id}/pdf?template=modern`)).json).toMatchObject({ code: 'validation.invalid_value', field: 'template' });
  });
});

describe('every document kind renders', () => {
  it('bill: the vendor is the supplier, we are the recipient', async () => {
    const bill = await created('bills', {
      vendor_id: vendorId, bill_number: 'UDY/2026/311', date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA',
      line_items: await gstLines(org.api), notes: 'Delivered to Bengaluru warehouse', auto_approve: true,
    }, 'bill');
    const { res, text, flat } = await renderedText(`/bills/${bill.bill_id}/pdf`);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="UDY_2026_311.pdf"');
    expect(res.headers.get('x-svc-version')).toBe('1');
    expect(text).toContain('BILL');
    expect(text).toMatch(/SUPPLIER[^\n]*\n\s*Udyog Supplies/);
    expect(text).toContain(`GSTIN: ${OTHER_STATE_GSTIN}`);
    expect(text).toContain('Plot 7, MIDC Bhosari');
    expect(text).toMatch(/RECIPIENT[^\n]*\n\s*Bahi Demo Traders Pvt. Ltd./);
    expect(text).toContain(`GSTIN: ${SUPPLIER_GSTIN}`);
    expect(text).toMatch(/Bill no\.\s+UDY\/2026\/311/);
    // The vendor is in Maharashtra, the supply received in Karnataka: IGST.
    expect(text).toMatch(/18%\s+6,894\.00\s+1,240\.92 @18%\s+1,240\.92/);
    expect(text).toMatch(/Round off\s+₹0\.00/);
    expect(text).toMatch(/Total\s+₹13,744\.55/);
    expect(flat).toContain('Rupees Thirteen Thousand Seven Hundred Forty-Four and Fifty-Five Paise Only');
    expect(text).toContain('Delivered to Bengaluru warehouse');
    await expectBooksBalanced(org.api);
  });

  it('estimate, purchase order, credit note and debit note carry their GST content', async () => {
    const lines = await gstLines(org.api);
    const estimate = await created('estimates', { customer_id: customerId, date: '2026-06-12', expiry_date: '2026-06-30', place_of_supply: 'IN-KA', line_items: lines }, 'estimate');
    const order = await created('purchase_orders', { vendor_id: vendorId, date: '2026-06-12', expected_date: '2026-06-25', place_of_supply: 'IN-KA', line_items: lines }, 'purchase_order');
    const invoice = await gstInvoice(org.api, customerId, { auto_approve: true });
    const credit = await created('credit_notes', {
      customer_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-12', place_of_supply: 'IN-KA', line_items: [{ invoice_line_item_id: invoice.line_items[1].line_item_id, quantity: 5 }], notes: 'Two mice returned damaged',
    }, 'credit_note');
    const bill = await created('bills', { vendor_id: vendorId, date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA', line_items: lines, auto_approve: true, reference_number: 'DN-BILL' }, 'bill');
    const debit = await created('debit_notes', { vendor_id: vendorId, bill_id: bill.bill_id, date: '2026-06-12', place_of_supply: 'IN-KA', line_items: [{ bill_line_item_id: bill.line_items[3].line_item_id, quantity: 10 }] }, 'debit_note');

    const est = await renderedText(`/estimates/${estimate.estimate_id}/pdf`);
    expect(est.res.headers.get('content-disposition')).toBe(`inline; filename="${estimate.estimate_number}.pdf"`);
    expect(est.text).toContain('ESTIMATE');
    expect(est.text).toMatch(/Valid until\s+30 Jun 2026/);
    expect(est.text).toContain(`GSTIN: ${CUSTOMER_GSTIN}`);
    expect(est.text).toMatch(/12%\s+3,600\.00\s+216\.00 @6%\s+216\.00 @6%\s+432\.00/);
    // Intra-state: 11,996.50 + CGST 874.02 + SGST 874.02 = 13,744.54.
    expect(est.flat).toContain('Rupees Thirteen Thousand Seven Hundred Forty-Four and Fifty-Four Paise Only');

    const po = await renderedText(`/purchase_orders/${order.purchase_order_id}/pdf`);
    expect(po.text).toContain('PURCHASE ORDER');
    expect(po.text).toMatch(/BUYER[^\n]*\n\s*Bahi Demo Traders Pvt. Ltd./);
    expect(po.text).toContain(`GSTIN: ${OTHER_STATE_GSTIN}`);
    expect(po.text).toMatch(/Expected by\s+25 Jun 2026/);
    expect(po.text).toMatch(/Printed user manuals\s+4901\s+10\s+NOS/);

    const cn = await renderedText(`/credit_notes/${credit.credit_note_id}/pdf`);
    expect(cn.text).toContain('CREDIT NOTE');
    expect(cn.text).toMatch(new RegExp(`Against invoice\\s+${invoice.invoice_number}`));
    expect(cn.text).toMatch(/18%\s+3,995\.00\s+359\.55 @9%\s+359\.55 @9%\s+719\.10/);
    expect(cn.flat).toContain('Rupees Four Thousand Seven Hundred Fourteen and Ten Paise Only');
    expect(cn.text).toContain('Two mice returned damaged');

    const dn = await renderedText(`/debit_notes/${debit.debit_note_id}/pdf`);
    expect(dn.text).toContain('DEBIT NOTE');
    expect(dn.text).toMatch(new RegExp(`Against bill\\s+${bill.bill_number}`));
    expect(dn.text).toMatch(/RECIPIENT[^\n]*\n\s*Udyog Supplies/);
    // The bill is inter-state (a Maharashtra vendor): 5% IGST on 1,502.50 = 75.125 → 75.13.
    expect(dn.text).toMatch(/5%\s+1,502\.50\s+75\.13 @5%\s+75\.13/);
    await expectBooksBalanced(org.api);
  });

  it('payment voucher: payer, payee, mode, reference, allocations and the amount in words', async () => {
    const bill = await created('bills', { vendor_id: vendorId, date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA', line_items: await gstLines(org.api), auto_approve: true, reference_number: 'PAY-BILL' }, 'bill');
    const payment = await created('payments', {
      flow: 'OUTGOING', contact_id: vendorId, amount: 10000, date: '2026-06-15', mode: 'CHEQUE', reference_number: 'CHQ-004512',
      description: 'Part payment against June supplies', allocations: [{ bill_id: bill.bill_id, amount: 10000 }],
    }, 'payment');
    const { res, text, flat } = await renderedText(`/payments/${payment.payment_id}/pdf`);
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${payment.payment_id}.pdf"`);
    expect(text).toContain('PAYMENT VOUCHER');
    expect(text).toMatch(/PAID TO[^\n]*\n\s*Udyog Supplies/);
    expect(text).toContain(`GSTIN: ${OTHER_STATE_GSTIN}`);
    expect(text).toMatch(/Mode\s+CHEQUE/);
    expect(text).toMatch(/Reference\s+CHQ-004512/);
    expect(text).toMatch(new RegExp(`1\\s+${bill.bill_number}\\s+10 Jun 2026\\s+13,744\\.55\\s+10,000\\.00`));
    expect(text).toMatch(/Amount\s+₹10,000\.00/);
    expect(flat).toContain('Rupees Ten Thousand Only');
    expect(text).toContain('Part payment against June supplies');
    await expectBooksBalanced(org.api);
  });
});

describe('long documents', () => {
  it('60 lines and 5,000 characters of notes run over pages, each with the table header and a page number', async () => {
    const invoice = await gstInvoice(org.api, customerId, { notes: 'Terms apply. '.repeat(400).slice(0, 5000) }, 60);
    const { text, pages } = await renderedText(`/invoices/${invoice.invoice_id}/pdf?template=boxed`);
    expect(pages).toBeGreaterThan(1);
    // Each page is numbered out of the count of pages the file really has.
    for (let page = 1; page <= pages; page++) expect(text).toContain(`Page ${page} of ${pages}`);
    expect(text.match(/Taxable value GST %/g)?.length).toBeGreaterThan(1);
    expect(text).toMatch(/60 Printed user manuals 4901 10 NOS/);
  });
});

describe('any status renders', () => {
  it('a DRAFT invoice says DRAFT (and is stamped so); a voided one CANCELLED', async () => {
    const invoice = await gstInvoice(org.api, customerId);
    expect(await pdfText((await getPdf(`/invoices/${invoice.invoice_id}/pdf`)).bytes)).toMatch(/Status\s+DRAFT/);
    expect((await org.api.post(`/invoices/${invoice.invoice_id}/void`)).status).toBe(200);
    const voided = await getPdf(`/invoices/${invoice.invoice_id}/pdf`);
    expect(voided.status).toBe(200);
    expect(voided.headers.get('x-svc-version')).toBe('2');
    const text = await pdfText(voided.bytes);
    expect(text).toMatch(/Status\s+CANCELLED/);
    expect(text).toContain(invoice.invoice_number);
    await expectBooksBalanced(org.api);
  });
});

describe('text a user typed is drawn as text', () => {
  it('PDF operators, parentheses, backslashes and bidi overrides in names and notes come out as plain characters', async () => {
    const hostileName = 'Evil (Corp) \\) Tj ET BT /F1 99 Tf (pwned) Tj <> endobj';
    const evil = await gstCustomer(org.api, { contact_name: hostileName, gst_no: null, billing_address: { address: 'Line\u202Eexe.txt\u202C (end)', city: '%%EOF', state_code: 'IN-KA' } });
    const invoice = await gstInvoice(org.api, evil, { notes: 'stream\nendstream\n%%EOF ) ( \\ ₹500 नमस्ते' });
    const { text, flat } = await renderedText(`/invoices/${invoice.invoice_id}/pdf`);
    expect(flat).toContain(hostileName);
    expect(text).toContain('Lineexe.txt (end)');
    expect(text).not.toContain('\u202E');
    // The DejaVu face draws ₹; it has no Devanagari, which shows as "?" rather than nothing.
    expect(text).toContain('%%EOF ) ( \\ ₹500 ??????');
    expect(text).toContain('GSTIN: Unregistered');
  });
});

describe('access', () => {
  it('another organisation\'s document, or an unknown id, is 404 as JSON', async () => {
    const other = await gstOrg(t, { name: 'Other Org' });
    const invoice = await gstInvoice(org.api, customerId);
    const foreign = await getPdf(`/invoices/${invoice.invoice_id}/pdf`, { token: other.token });
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get('content-type')).toMatch(/^application\/json/);
    expect(foreign.json).toMatchObject({ code: 'not_found.resource', field: 'invoice_id' });
    expect((await getPdf('/payments/pay_unknown/pdf')).json).toMatchObject({ code: 'not_found.resource', field: 'payment_id' });
  });

  it('the resource\'s READ scope applies: 403 auth.insufficient_scope without it', async () => {
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.bills.READ'], user_id: org.userId });
    const invoice = await gstInvoice(org.api, customerId);
    const bill = await created('bills', { vendor_id: vendorId, date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA', line_items: await gstLines(org.api), reference_number: 'SCOPE-1' }, 'bill');
    const refused = await getPdf(`/invoices/${invoice.invoice_id}/pdf`, { token });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'auth.insufficient_scope' });
    expect((await getPdf(`/bills/${bill.bill_id}/pdf`, { token })).status).toBe(200);
  });

  it('a multi-organisation token names the organisation with organization_id (or X-Svc-Org)', async () => {
    const second = await gstOrg(t, { name: 'Second Org' });
    const stranger = await gstOrg(t, { name: 'Stranger Org' });
    const { token } = await t.given.token([org.orgId, second.orgId], { user_id: org.userId });
    const invoice = await gstInvoice(org.api, customerId);
    const url = `/invoices/${invoice.invoice_id}/pdf`;
    expect((await getPdf(url, { token })).json).toMatchObject({ code: 'validation.required_field', field: 'X-Svc-Org' });
    expect((await getPdf(`${url}?organization_id=${org.orgId}`, { token })).status).toBe(200);
    expect((await getPdf(url, { token, headers: { 'x-svc-org': org.orgId } })).status).toBe(200);
    expect((await getPdf(`${url}?organization_id=${second.orgId}`, { token })).json).toMatchObject({ code: 'not_found.resource' });
    expect((await getPdf(`${url}?organization_id=${stranger.orgId}`, { token })).json).toMatchObject({ code: 'authz.scope_missing', field: 'organization_id' });
    expect((await getPdf(`${url}?organization_id=${org.orgId}`, { token, headers: { 'x-svc-org': second.orgId } })).json)
      .toMatchObject({ code: 'validation.invalid_value', field: 'organization_id' });
  });
});
