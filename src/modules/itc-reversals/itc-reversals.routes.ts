import { Type } from '@sinclair/typebox';
import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { ITC_REVERSAL_COLUMNS, itcReversalRows } from './itc-reversals-csv.rules';
import { ItcReversal, ItcReversalReport, ItcReversalsQuery, PostItcReversalsBody } from './itc-reversals.schemas';
import type { ItcReversalsService } from './itc-reversals.service';

const tags = ['GST'];

export function itcReversalsRoutes(reversals: ItcReversalsService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/gst/itc_reversals', operationId: 'getItcReversals', tags,
      summary: 'Rule 37: the bills of one GSTIN unpaid 180 days after their date whose credit is to be reversed on as_of, and those reversed earlier and paid since, to reclaim',
      access: 'Svc.gst.READ', query: ItcReversalsQuery, response: { itc_reversal_report: ItcReversalReport }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const report = await reversals.report(ctx, query);
        if (query.format === 'csv') return csvReply(`itc_reversals-${query.as_of}`, toCsv(ITC_REVERSAL_COLUMNS, itcReversalRows(report)));
        return { itc_reversal_report: report };
      },
    }),
    route({
      method: 'POST', url: '/gst/itc_reversals', operationId: 'postItcReversals', tags, failsWithCodes: PERIOD_CLOSED,
      summary: 'Rule 37: posts, dated `date`, the reversal of each bill due on as_of (Dr ITC reversed under Rule 37, Cr GST input) and the reclaim of each reversed bill paid since (the mirror)',
      access: 'Svc.gst.CREATE', alsoRequires: 'Svc.journals.CREATE', body: PostItcReversalsBody, status: 201,
      message: 'The Rule 37 reversals and reclaims have been posted.', response: { itc_reversals: Type.Array(ItcReversal) },
      handle: ({ ctx, body }) => reversals.post(ctx, body),
    }),
  ];
}
