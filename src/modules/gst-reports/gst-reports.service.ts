import type { Db } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import { inrLines, type SourceLine } from '../einvoice';
import { documentSeries } from './documents-issued.rules';
import { outwardLines } from './outward-lines.reader';
import { branchesOfGstin } from './gstin-branches';
import type { DocumentsIssued, GstReportQuery, HsnSummary } from './gst-reports.schemas';
import { hsnSection, type HsnEntry } from './hsn-summary.builder';

/**
 * The HSN summary and the documents-issued table of one GST registration (the branches under
 * that GSTIN; a branch without its own carries the organisation's) for a range of document dates.
 * Outward documents only: invoices and the credit notes issued to customers.
 */
export function gstReportsService(db: Db) {
  async function scope(orgId: string, query: GstReportQuery) {
    if (query.from_date > query.to_date) throw invalidValue('to_date', 'to_date is before from_date');
    const { gstin, branches } = await branchesOfGstin(db, orgId, query.gstin);
    return { gstin, branches, from: query.from_date, to: query.to_date };
  }
  type Scope = Awaited<ReturnType<typeof scope>>;

  /** Invoices issued (approved, voided or not) and customer credit notes of the scope, with whether the customer has a GSTIN. */
  async function documents(orgId: string, s: Scope) {
    const [invoices, notes] = await Promise.all([
      db.selectFrom('invoices').innerJoin('contacts', (j) => j.onRef('contacts.contact_id', '=', 'invoices.customer_id').onRef('contacts.org_id', '=', 'invoices.org_id'))
        .select(['invoices.invoice_id as id', 'invoices.invoice_number as number', 'invoices.status', 'invoices.exchange_rate_micro as rateMicro', 'contacts.gst_no'])
        .where('invoices.org_id', '=', orgId).where('invoices.branch_id', 'in', s.branches).where('invoices.status', '!=', 'DRAFT')
        .where('invoices.invoice_date', '>=', s.from).where('invoices.invoice_date', '<=', s.to).execute(),
      db.selectFrom('credit_notes').innerJoin('contacts', (j) => j.onRef('contacts.contact_id', '=', 'credit_notes.contact_id').onRef('contacts.org_id', '=', 'credit_notes.org_id'))
        .select(['credit_notes.credit_note_id as id', 'credit_notes.credit_note_number as number', 'credit_notes.status', 'credit_notes.exchange_rate_micro as rateMicro', 'contacts.gst_no'])
        .where('credit_notes.org_id', '=', orgId).where('credit_notes.branch_id', 'in', s.branches).where('credit_notes.note_type', '=', 'CUSTOMER')
        .where('credit_notes.status', '!=', 'DRAFT').where('credit_notes.note_date', '>=', s.from).where('credit_notes.note_date', '<=', s.to).execute(),
    ]);
    return { invoices, notes };
  }

  type Documents = Awaited<ReturnType<typeof documents>>;

  /** The range's documents and their lines, read side by side. */
  const documentsAndLines = (orgId: string, s: Scope) => Promise.all([documents(orgId, s), outwardLines(db, { orgId, ...s })]);

  function hsnOf(s: Scope, { invoices, notes }: Documents, outward: Awaited<ReturnType<typeof outwardLines>>): HsnSummary {
    const b2b: HsnEntry[] = [];
    const b2c: HsnEntry[] = [];
    const collect = (docs: typeof invoices, linesOf: ReadonlyMap<string, SourceLine[]>, credit: boolean) => {
      for (const doc of docs.filter((d) => d.status !== 'CANCELLED')) {
        const lines = linesOf.get(doc.id) ?? [];
        const inr = inrLines(lines, doc.rateMicro);
        (doc.gst_no ? b2b : b2c).push(...lines.map((line, i) => ({ line, inr: inr[i]!, credit })));
      }
    };
    collect(invoices, outward.invoices, false);
    collect(notes, outward.notes, true);
    return { gstin: s.gstin, from_date: s.from, to_date: s.to, hsn_b2b: hsnSection(b2b), hsn_b2c: hsnSection(b2c) };
  }

  function issuedOf(s: Scope, { invoices, notes }: Documents): DocumentsIssued {
    const issued = (docs: typeof invoices) => documentSeries(docs.map((d) => ({ number: d.number, cancelled: d.status === 'CANCELLED' })));
    const kinds = [
      { doc_num: 1, doc_typ: 'Invoices for outward supply', docs: issued(invoices) },
      { doc_num: 5, doc_typ: 'Credit Note', docs: issued(notes) },
    ];
    return { gstin: s.gstin, from_date: s.from, to_date: s.to, doc_det: kinds.filter((k) => k.docs.length > 0) };
  }

  return {
    async hsnSummary(ctx: RequestContext, query: GstReportQuery): Promise<HsnSummary> {
      const s = await scope(ctx.orgId, query);
      return hsnOf(s, ...(await documentsAndLines(ctx.orgId, s)));
    },

    async documentsIssued(ctx: RequestContext, query: GstReportQuery): Promise<DocumentsIssued> {
      const s = await scope(ctx.orgId, query);
      return issuedOf(s, await documents(ctx.orgId, s));
    },

    /** Both tables from one read of the range's documents: GSTR-1 carries both. */
    async hsnAndIssued(ctx: RequestContext, query: GstReportQuery): Promise<{ hsn: HsnSummary; issued: DocumentsIssued }> {
      const s = await scope(ctx.orgId, query);
      const [docs, lines] = await documentsAndLines(ctx.orgId, s);
      return { hsn: hsnOf(s, docs, lines), issued: issuedOf(s, docs) };
    },
  };
}
export type GstReportsService = ReturnType<typeof gstReportsService>;
