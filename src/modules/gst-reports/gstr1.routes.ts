import type { Db } from '../../db/database';
import { FileReply, route, type RouteDef } from '../../http/route';
import { invalidValue, requiredField } from '../../kernel/errors';
import { toCsv } from './csv';
import { gstReportsService } from './gst-reports.service';
import { gstr1Sections } from './gstr1.builder';
import { GSTR1_COLUMNS, gstr1Rows } from './gstr1-csv';
import { returnPeriod } from './gstr1-period.rules';
import { gstr1Documents } from './gstr1.reader';
import { Gstr1, Gstr1Query } from './gstr1.schemas';
import { branchesOfGstin } from './gstin-branches';

export function gstr1Routes(db: Db): RouteDef[] {
  const reports = gstReportsService(db);
  return [
    route({
      method: 'GET', url: '/gst/gstr1', operationId: 'getGstr1', tags: ['GST'],
      summary: "GSTR-1 of one GSTIN for a month or a quarter in the portal's JSON: every issued invoice and credit note in its section, the HSN summary and the documents issued",
      access: 'Svc.gst.READ', query: Gstr1Query, response: { gstr1: Gstr1 }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const period = returnPeriod(query.period);
        if (period === null) throw invalidValue('period', 'period is MMYYYY or YYYY-Qn');
        const section = query.section;
        if (query.format === 'csv' && section === undefined) throw requiredField('section');
        const { gstin, branches } = await branchesOfGstin(db, ctx.orgId, query.gstin);
        const range = { gstin, from_date: period.from, to_date: period.to };
        const [{ invoices, notes }, hsn, issued] = await Promise.all([
          gstr1Documents(db, { orgId: ctx.orgId, gstin, branches, from: period.from, to: period.to }),
          reports.hsnSummary(ctx, range), reports.documentsIssued(ctx, range),
        ]);
        const gstr1: Gstr1 = {
          gstin, fp: period.fp, ...gstr1Sections(invoices, notes),
          hsn: { hsn_b2b: hsn.hsn_b2b.data, hsn_b2c: hsn.hsn_b2c.data },
          doc_issue: { doc_det: issued.doc_det.map((k) => ({ ...k, docs: k.docs.map(({ series: _series, ...d }) => d) })) },
        };
        if (query.format !== 'csv' || section === undefined) return { gstr1 };
        return new FileReply(Buffer.from(toCsv(GSTR1_COLUMNS[section], gstr1Rows(gstr1, section))),
          { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="gstr1-${section}-${period.fp}.csv"` });
      },
    }),
  ];
}
