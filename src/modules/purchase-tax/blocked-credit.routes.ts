import type { Db } from '../../db/database';
import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { BLOCKED_CREDIT_COLUMNS, blockedCreditRows } from './blocked-credit-csv.rules';
import { blockedCreditReport } from './blocked-credit.report';
import { BlockedCredit, BlockedCreditQuery } from './blocked-credit.schemas';

export function purchaseTaxRoutes(db: Db): RouteDef[] {
  const report = blockedCreditReport(db);
  return [
    route({
      method: 'GET', url: '/reports/blocked_itc', operationId: 'getBlockedItc',
      summary: 'Input tax credit blocked by section 17(5), per bill and expense line, with its clause', tags: ['Reports'],
      access: 'Svc.accounts.READ', query: BlockedCreditQuery, response: { blocked_itc: BlockedCredit }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const answer = await report(ctx.orgId, query);
        return query.format === 'csv' ? csvReply('blocked_itc', toCsv(BLOCKED_CREDIT_COLUMNS, blockedCreditRows(answer.blocked_itc))) : answer;
      },
    }),
  ];
}
