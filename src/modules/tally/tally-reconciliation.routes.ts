import { route, type RouteDef } from '../../http/route';
import { ImportIdParam, TallyReconciliation } from './tally-reconciliation.schemas';
import type { TallyReconciliationService } from './tally-reconciliation.service';

export function tallyReconciliationRoutes(service: TallyReconciliationService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/imports/:import_id/reconciliation', operationId: 'getImportReconciliation', tags: ['Imports'],
      summary: "A Tally import's books beside Tally's own Trial Balance uploaded with it: per ledger, Tally's closing balance, Bahi's, and the difference, to the paisa",
      access: 'Svc.accounts.READ', failsWith: [409], params: ImportIdParam, response: { tally_reconciliation: TallyReconciliation },
      handle: ({ ctx, params }) => service.reconciliation(ctx, params.import_id),
    }),
  ];
}
