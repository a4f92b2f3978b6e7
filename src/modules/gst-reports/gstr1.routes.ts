import type { Db } from '../../db/database';
import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { requiredField } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import { toCsv } from '../../kernel/csv';
import { gstReportsService } from './gst-reports.service';
import { gstr1Sections } from './gstr1.builder';
import { outputTaxBySource } from './gstr1-books.reader';
import { GSTR1_COLUMNS, gstr1Rows } from './gstr1-csv.rules';
import { requestedPeriod } from './gstr1-period.rules';
import { gstr1Documents } from './gstr1.reader';
import { advancesOfPeriod } from './advances.reader';
import { gstr1Advances } from './gstr1-advances.builder';
import { Gstr1, Gstr1Query, Gstr1Summary, Gstr1SummaryQuery } from './gstr1.schemas';
import { reconcile, sectionTotals } from './gstr1-summary.rules';
import { branchesOfGstin } from './gstin-branches';
import { filedField } from './filed-returns.reader';
import { FILED } from './filed-returns.schemas';

const SUMMARY_COLUMNS = ['section', 'documents', 'txval', 'iamt', 'camt', 'samt', 'csamt'] as const;

export function gstr1Routes(db: Db): RouteDef[] {
  const reports = gstReportsService(db);

  /** The return of one GSTIN and period, with the documents it was built from. */
  async function gstr1Of(ctx: RequestContext, query: { gstin: string; period: string }) {
    const period = requestedPeriod(query.period);
    const { gstin, branches } = await branchesOfGstin(db, ctx.orgId, query.gstin);
    const scope = { orgId: ctx.orgId, gstin, branches, from: period.from, to: period.to };
    const range = { gstin, from_date: period.from, to_date: period.to };
    const [documents, { hsn, issued }, advances] = await Promise.all([gstr1Documents(db, scope), reports.hsnAndIssued(ctx, range), advancesOfPeriod(db, scope)]);
    const { sections, carried: documentsCarried } = gstr1Sections(documents.invoices, documents.notes);
    const { at, txpd, carried: advancesCarried } = gstr1Advances(advances.received, advances.adjusted);
    const carried = [...documentsCarried, ...advancesCarried];
    const gstr1: Gstr1 = {
      gstin, fp: period.fp, ...sections, ...(at.length > 0 && { at }), ...(txpd.length > 0 && { txpd }),
      hsn: { hsn_b2b: hsn.hsn_b2b.data, hsn_b2c: hsn.hsn_b2c.data },
      doc_issue: { doc_det: issued.doc_det.map((k) => ({ ...k, docs: k.docs.map(({ series: _series, ...d }) => d) })) },
    };
    return { gstr1, carried, scope, fp: period.fp, filed: await filedField(db, ctx.orgId, { gstin, return: 'GSTR1', period: query.period }, branches) };
  }

  return [
    route({
      method: 'GET', url: '/gst/gstr1', operationId: 'getGstr1', tags: ['GST'],
      summary: "GSTR-1 of one GSTIN for a month or a quarter in the portal's JSON: every issued invoice and credit note in its section, the HSN summary and the documents issued",
      access: 'Svc.gst.READ', query: Gstr1Query, response: { gstr1: Gstr1, filed: FILED }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const section = query.section;
        if (query.format === 'csv' && section === undefined) throw requiredField('section');
        const { gstr1, fp, filed } = await gstr1Of(ctx, query);
        if (query.format !== 'csv' || section === undefined) return { gstr1, ...(filed && { filed }) };
        return csvReply(`gstr1-${section}-${fp}`, toCsv(GSTR1_COLUMNS[section], gstr1Rows(gstr1, section)));
      },
    }),
    route({
      method: 'GET', url: '/gst/gstr1/summary', operationId: 'getGstr1Summary', tags: ['GST'],
      summary: "GSTR-1's section totals and its reconciliation with the registration's output GST ledgers, every difference listed by document",
      access: 'Svc.gst.READ', query: Gstr1SummaryQuery, response: { gstr1_summary: Gstr1Summary }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const { gstr1, carried, scope } = await gstr1Of(ctx, query);
        // The tax the sections carry as built, so a head a section has no field for shows as a difference.
        const reconciliation = reconcile(carried, await outputTaxBySource(db, scope));
        const sections = sectionTotals(gstr1);
        if (query.format === 'csv') return csvReply(`gstr1-summary-${gstr1.fp}`, toCsv(SUMMARY_COLUMNS, sections));
        return { gstr1_summary: { gstin: gstr1.gstin, fp: gstr1.fp, sections, reconciliation } };
      },
    }),
  ];
}
