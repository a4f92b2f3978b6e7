import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { ageingCsv } from './ageing.csv';
import { Ageing, AgeingQuery } from './ageing.schemas';
import type { AgeingService } from './ageing.service';
import type { AgeingSideName } from './ageing.sides';

const tags = ['Reports'];

export function ageingRoutes(ageing: AgeingService): RouteDef[] {
  const report = (side: AgeingSideName, key: string) => async ({ ctx, query }: { ctx: { orgId: string }; query: AgeingQuery }) => {
    const answer = await ageing.report(ctx.orgId, side, query);
    return query.format === 'csv' ? csvReply(key, ageingCsv(answer)) : { [key]: answer };
  };
  return [
    route({
      method: 'GET', url: '/reports/receivables_ageing', operationId: 'getReceivablesAgeing', tags,
      summary: 'What each customer owes on a date by days past due, with their unapplied credit notes and advances apart',
      access: 'Svc.contacts.READ', query: AgeingQuery, response: { receivables_ageing: Ageing }, produces: 'text/csv',
      handle: report('receivables', 'receivables_ageing'),
    }),
    route({
      method: 'GET', url: '/reports/payables_ageing', operationId: 'getPayablesAgeing', tags,
      summary: 'What is owed to each vendor on a date by days past due, with their unapplied vendor credits, debit notes and advances apart',
      access: 'Svc.contacts.READ', query: AgeingQuery, response: { payables_ageing: Ageing }, produces: 'text/csv',
      handle: report('payables', 'payables_ageing'),
    }),
  ];
}
