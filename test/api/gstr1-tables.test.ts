import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createCreditNote, createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-1 Tables 12 and 13 of a hand-worked June 2026 for walk-in (B2C) sales: a series whose
 * numbers carry digits after the running number (INV/001/2026-27), a voided invoice and deleted
 * drafts (their numbers stay taken), a line name longer than 30 characters, a credit note
 * lowering value alone, and Phase III refusing lines without an HSN code when they are issued.
 */

let t: TestApp;
let org: OrgFixture;
const JUNE = `gstin=${SUPPLIER_GSTIN}&period=062026`;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const PHASE_3 = { code: 'validation.required_field', field: 'line_items[0].hsn_or_sac', message: expect.stringContaining('Notification 78/2020-CT') };
const refusals: Json[] = [];

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const gst18 = await taxId(api, 18);
  const walkIn = await customer(api);
  const sale = async (body: Json, status = 201) => {
    const res = await createInvoice(api, { customer_id: walkIn, date: '2026-06-10', place_of_supply: 'IN-KA', ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.invoice ?? res.body;
  };
  const desk = [{ name: 'Desk', hsn_or_sac: '9403', unit: 'pcs', quantity: 1, rate: 1000, tax_id: gst18 }];
  const unnamed = [{ name: 'Loose goods', quantity: 1, rate: 200, tax_id: gst18 }];

  // Issued without an HSN code: refused, nothing written (the next number is still 00001).
  refusals.push(await sale({ auto_approve: true, line_items: unnamed }, 400));
  const bottles = await sale({ auto_approve: true, line_items: [{ name: 'Stainless steel water bottle, 1 litre', hsn_or_sac: '7323', unit: 'pcs', quantity: 3, rate: 500, tax_id: gst18 }] });
  // A draft may wait for its code; approving it without one is refused, and the deleted draft's number stays taken.
  const draft = await sale({ line_items: unnamed });
  refusals.push((await api.post(`/invoices/${draft.invoice_id}/approve`, {})).body);
  expect((await api.delete(`/invoices/${draft.invoice_id}`)).status).toBe(200);

  const series = await api.post('/invoices/series', { series_name: 'shop', prefix: 'INV/', padding: 3, format_template: '{prefix}{num}/{fy}', transaction_date: '2026-06-01' });
  expect(series.status, JSON.stringify(series.body)).toBe(201);
  await sale({ series_name: 'shop', auto_approve: true, line_items: desk });
  const voided = await sale({ series_name: 'shop', auto_approve: true, line_items: desk });
  expect((await api.post(`/invoices/${voided.invoice_id}/void`, {})).status).toBe(200);
  const dropped = await sale({ series_name: 'shop', line_items: desk });
  expect((await api.delete(`/invoices/${dropped.invoice_id}`)).status).toBe(200);

  // ₹100 off the bottles' price: value only, no bottle comes back.
  const note = await createCreditNote(api, { customer_id: walkIn, invoice_id: bottles.invoice_id, date: '2026-06-20', line_items: [{ invoice_line_item_id: bottles.line_items[0].line_item_id, amount: 100 }] });
  expect(note.status, JSON.stringify(note.body)).toBe(201);
  const free = await createCreditNote(api, { customer_id: walkIn, date: '2026-06-20', place_of_supply: 'IN-KA', line_items: unnamed });
  refusals.push(free.body);
});
afterAll(async () => { await t.close(); });

describe('Phase III: every line issued from 1 May 2025 carries an HSN or SAC', () => {
  it('refuses an invoice created approved, the approval of a draft and a credit note with a line without one, naming the notification', () => {
    expect(refusals).toEqual([expect.objectContaining(PHASE_3), expect.objectContaining(PHASE_3), expect.objectContaining(PHASE_3)]);
  });
});

describe("GSTR-1 of June 2026's tables", () => {
  it('Table 12: desc cut to 30 characters, a credit lowering value alone lowers txval and keeps qty', async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.gstr1.hsn).toEqual({
      hsn_b2b: [],
      hsn_b2c: [
        // 3 × 500 = 1,500 less the 100 credited; 9% CGST and SGST of 1,400 = 126 each.
        { num: 1, hsn_sc: '7323', desc: 'Stainless steel water bottle, ', uqc: 'PCS', qty: 3, rt: 18, txval: 1400, iamt: 0, camt: 126, samt: 126, csamt: 0 },
        // INV/001/2026-27 alone: the voided and the deleted desks are not supplies.
        { num: 2, hsn_sc: '9403', desc: 'Desk', uqc: 'PCS', qty: 1, rt: 18, txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 },
      ],
    });
  });

  it('Table 13: a row per issuing series, deleted drafts and voids cancelled, credit notes as kind 5', async () => {
    const res = await org.api.get(`/gst/gstr1?${JUNE}`);
    expect(res.body.gstr1.doc_issue).toEqual({ doc_det: [
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [
        // The bottles, and the deleted draft.
        { num: 1, from: 'INV-26-27-00001', to: 'INV-26-27-00002', totnum: 2, cancel: 1, net_issue: 1 },
        // Issued, voided, deleted: one series, however its numbers end.
        { num: 2, from: 'INV/001/2026-27', to: 'INV/003/2026-27', totnum: 3, cancel: 2, net_issue: 1 },
      ] },
      { doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN-26-27-00001', to: 'CN-26-27-00001', totnum: 1, cancel: 0, net_issue: 1 }] },
    ] });
    const report = await org.api.get(`/reports/documents_issued?gstin=${SUPPLIER_GSTIN}&from_date=2026-06-01&to_date=2026-06-30`);
    expect(report.body.documents_issued.doc_det[0].docs.map((d: Json) => d.series)).toEqual(['INV-#-#-#', 'INV/#/#-#']);
  });
});
