import { route, type RouteDef } from '../../http/route';
import { Dashboard, DashboardQuery } from './dashboard.schemas';
import type { DashboardService } from './dashboard.service';

export function dashboardRoutes(dashboard: DashboardService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/reports/dashboard', operationId: 'getDashboard', tags: ['Reports'],
      summary: 'Sales, purchases and money per month, receivables and payables, GST payable and the work waiting, over a period',
      access: 'Svc.accounts.READ', query: DashboardQuery, response: { dashboard: Dashboard },
      handle: async ({ ctx, query }) => ({ dashboard: await dashboard.dashboard(ctx.orgId, query) }),
    }),
  ];
}
