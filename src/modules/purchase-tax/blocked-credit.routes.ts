import type { Db } from '../../db/database';
import { route, type RouteDef } from '../../http/route';
import { blockedCreditReport } from './blocked-credit.report';
import { BlockedCredit, BlockedCreditQuery } from './blocked-credit.schemas';

export function purchaseTaxRoutes(db: Db): RouteDef[] {
  const report = blockedCreditReport(db);
  return [
    route({
      method: 'GET', url: '/reports/blocked_itc', operationId: 'getBlockedItc',
      summary: 'Input tax credit blocked by section 17(5), per bill and expense line, with its clause', tags: ['Reports'],
      access: 'Svc.accounts.READ', query: BlockedCreditQuery, response: { blocked_itc: BlockedCredit },
      handle: ({ ctx, query }) => report(ctx.orgId, query),
    }),
  ];
}
