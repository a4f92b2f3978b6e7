import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { DocumentsIssued, GstReportQuery, HsnSummary } from './gst-reports.schemas';
import type { GstReportsService } from './gst-reports.service';

const tags = ['GST'];
const HSN_COLUMNS = ['section', 'num', 'hsn_sc', 'desc', 'uqc', 'qty', 'rt', 'txval', 'iamt', 'camt', 'samt', 'csamt'] as const;
const DOC_COLUMNS = ['doc_num', 'doc_typ', 'num', 'series', 'from', 'to', 'totnum', 'cancel', 'net_issue'] as const;

const csv = (name: string, columns: readonly string[], records: Record<string, string | number>[]) =>
  csvReply(name, toCsv(columns, records));

export function gstReportRoutes(reports: GstReportsService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/reports/hsn_summary', operationId: 'getHsnSummary', summary: "GSTR-1's HSN summary of one GSTIN for a date range, B2B and B2C", tags,
      access: 'Svc.gst.READ', query: GstReportQuery, response: { hsn_summary: HsnSummary }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const summary = await reports.hsnSummary(ctx, query);
        if (query.format !== 'csv') return { hsn_summary: summary };
        const rows = (['hsn_b2b', 'hsn_b2c'] as const).flatMap((section) => summary[section].data.map((row) => ({ section, ...row })));
        return csv('hsn_summary', HSN_COLUMNS, rows);
      },
    }),
    route({
      method: 'GET', url: '/reports/documents_issued', operationId: 'getDocumentsIssued', summary: "GSTR-1's documents issued of one GSTIN for a date range, per kind and series", tags,
      access: 'Svc.gst.READ', query: GstReportQuery, response: { documents_issued: DocumentsIssued }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const issued = await reports.documentsIssued(ctx, query);
        if (query.format !== 'csv') return { documents_issued: issued };
        return csv('documents_issued', DOC_COLUMNS, issued.doc_det.flatMap(({ doc_num, doc_typ, docs }) => docs.map((d) => ({ doc_num, doc_typ, ...d }))));
      },
    }),
  ];
}
