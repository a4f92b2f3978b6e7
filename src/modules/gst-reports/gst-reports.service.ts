import type { Db } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import { TABLE_13_KINDS } from '../delivery-challans/delivery-challans.rules';
import { documentSeries } from './documents-issued.rules';
import { hsnEntries } from './outward-lines.reader';
import { branchesOfGstin } from './gstin-branches';
import type { DocumentsIssued, GstReportQuery, HsnSummary } from './gst-reports.schemas';
import { hsnSection } from './hsn-summary.builder';
import { notOpeningItem } from '../opening-balances';

/**
 * The HSN summary and the documents-issued table of one GST registration (the branches under
 * that GSTIN; a branch without its own carries the organisation's) for a range of document dates.
 * Outward documents only: invoices and the credit and debit notes issued to customers.
 */
export function gstReportsService(db: Db) {
  async function scope(orgId: string, query: GstReportQuery) {
    if (query.from_date > query.to_date) throw invalidValue('to_date', 'to_date is before from_date');
    const { gstin, branches } = await branchesOfGstin(db, orgId, query.gstin);
    return { gstin, branches, from: query.from_date, to: query.to_date };
  }
  type Scope = Awaited<ReturnType<typeof scope>>;

  /**
   * The numbers of the scope's invoices issued (approved, voided or not) with their series, of its
   * deleted draft invoices (their numbers stay taken: cancelled), and of its customer credit and
   * debit notes, each kind numbered from its registration's one series.
   */
  async function documents(orgId: string, s: Scope) {
    const [invoices, discarded, notes, debitNotes, vouchers, refundVouchers, challans] = await Promise.all([
      db.selectFrom('invoices').select(['invoice_number as number', 'series_id', 'status'])
        .where('org_id', '=', orgId).where('branch_id', 'in', s.branches).where('status', '!=', 'DRAFT').where(notOpeningItem('invoices.org_id', 'invoices.invoice_id'))
        .where('invoice_date', '>=', s.from).where('invoice_date', '<=', s.to).execute(),
      db.selectFrom('issued_numbers').select(['document_number as number', 'series_id'])
        .where('org_id', '=', orgId).where('document_type', '=', 'invoice').where('branch_id', 'in', s.branches)
        .where('discarded_date', '>=', s.from).where('discarded_date', '<=', s.to).execute(),
      db.selectFrom('credit_notes').select(['credit_note_number as number', 'status'])
        .where('org_id', '=', orgId).where('branch_id', 'in', s.branches).where('note_type', '=', 'CUSTOMER')
        .where('status', '!=', 'DRAFT').where('note_date', '>=', s.from).where('note_date', '<=', s.to).execute(),
      db.selectFrom('debit_notes').select(['debit_note_number as number', 'status'])
        .where('org_id', '=', orgId).where('branch_id', 'in', s.branches).where('note_type', '=', 'CUSTOMER')
        .where('status', '!=', 'DRAFT').where('note_date', '>=', s.from).where('note_date', '<=', s.to).execute(),
      // Receipt vouchers (CGST Rule 50): a deleted receipt's voucher counts as cancelled.
      db.selectFrom('payments').select(['voucher_number as number', 'voucher_series_id as series_id', 'deleted'])
        .where('org_id', '=', orgId).where('advance_for', '=', 'SERVICES').where('branch_id', 'in', s.branches).where('voucher_number', 'is not', null)
        .where('payment_date', '>=', s.from).where('payment_date', '<=', s.to).execute(),
      // Refund vouchers (CGST Rule 51): a refund is never deleted, so none is cancelled.
      db.selectFrom('advance_refunds').select(['voucher_number as number', 'voucher_series_id as series_id'])
        .where('org_id', '=', orgId).where('branch_id', 'in', s.branches).where('voucher_number', 'is not', null)
        .where('refund_date', '>=', s.from).where('refund_date', '<=', s.to).execute(),
      // Delivery challans (CGST Rule 55): a cancelled one counts as cancelled.
      db.selectFrom('delivery_challans').select(['delivery_challan_number as number', 'series_id', 'status', 'reason'])
        .where('org_id', '=', orgId).where('branch_id', 'in', s.branches).where('challan_date', '>=', s.from).where('challan_date', '<=', s.to).execute(),
    ]);
    const noteDocuments = (rows: { number: string; status: string }[]) => rows.map((d) => ({ number: d.number, seriesId: null, cancelled: d.status === 'CANCELLED' }));
    return {
      invoices: [...invoices.map((d) => ({ number: d.number, seriesId: d.series_id, cancelled: d.status === 'CANCELLED' })), ...discarded.map((d) => ({ number: d.number, seriesId: d.series_id, cancelled: true }))],
      notes: noteDocuments(notes),
      debitNotes: noteDocuments(debitNotes),
      vouchers: vouchers.map((d) => ({ number: d.number!, seriesId: d.series_id, cancelled: d.deleted === 1 })),
      refundVouchers: refundVouchers.map((d) => ({ number: d.number!, seriesId: d.series_id, cancelled: false })),
      challans: challans.map((d) => ({ number: d.number, seriesId: d.series_id, cancelled: d.status === 'CANCELLED', reason: d.reason })),
    };
  }

  type Documents = Awaited<ReturnType<typeof documents>>;

  const hsnOf = async (orgId: string, s: Scope): Promise<HsnSummary> => {
    const { b2b, b2c } = await hsnEntries(db, { orgId, ...s });
    return { gstin: s.gstin, from_date: s.from, to_date: s.to, hsn_b2b: hsnSection(b2b), hsn_b2c: hsnSection(b2c) };
  };

  function issuedOf(s: Scope, { invoices, notes, debitNotes, vouchers, refundVouchers, challans }: Documents): DocumentsIssued {
    // GSTN's doc_num: 1 invoices for outward supply, 4 debit notes, 5 credit notes, 6 receipt vouchers, 8 refund vouchers, 9, 10 and 12 delivery challans (docs/rules/returns-gstr1-gstr3b.md, "Documents issued").
    const kinds = [
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: documentSeries(invoices) },
      { doc_num: 4, doc_typ: 'Debit Note', docs: documentSeries(debitNotes) },
      { doc_num: 5, doc_typ: 'Credit Note', docs: documentSeries(notes) },
      { doc_num: 6, doc_typ: 'Receipt voucher', docs: documentSeries(vouchers) },
      { doc_num: 8, doc_typ: 'Refund voucher', docs: documentSeries(refundVouchers) },
      ...TABLE_13_KINDS.map((k) => ({ doc_num: k.docNum, doc_typ: k.docTyp, docs: documentSeries(challans.filter((c) => (k.reasons as readonly string[]).includes(c.reason))) })),
    ];
    return { gstin: s.gstin, from_date: s.from, to_date: s.to, doc_det: kinds.filter((k) => k.docs.length > 0) };
  }

  return {
    async hsnSummary(ctx: RequestContext, query: GstReportQuery): Promise<HsnSummary> {
      return hsnOf(ctx.orgId, await scope(ctx.orgId, query));
    },

    async documentsIssued(ctx: RequestContext, query: GstReportQuery): Promise<DocumentsIssued> {
      const s = await scope(ctx.orgId, query);
      return issuedOf(s, await documents(ctx.orgId, s));
    },

    /** Both tables from one read of the range's documents: GSTR-1 carries both. */
    async hsnAndIssued(ctx: RequestContext, query: GstReportQuery): Promise<{ hsn: HsnSummary; issued: DocumentsIssued }> {
      const s = await scope(ctx.orgId, query);
      const [hsn, docs] = await Promise.all([hsnOf(ctx.orgId, s), documents(ctx.orgId, s)]);
      return { hsn, issued: issuedOf(s, docs) };
    },
  };
}
export type GstReportsService = ReturnType<typeof gstReportsService>;
