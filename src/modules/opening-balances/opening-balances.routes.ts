import { route, type RouteDef } from '../../http/route';
import { PERIOD_LOCKED } from '../../platform/orgs/period-lock.rules';
import { OpeningBalances } from './opening-balances.responses';
import { OpeningBalancesBody } from './opening-balances.schemas';
import type { OpeningBalancesService } from './opening-balances.service';

const tags = ['Accounts'];
const response = { opening_balances: OpeningBalances };

export function openingBalancesRoutes(openings: OpeningBalancesService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/opening_balances', operationId: 'setOpeningBalances', tags, failsWithCodes: [...PERIOD_LOCKED, 'conflict.invalid_state'],
      summary: 'Set or replace the balances as on books_start_date: one entry dated the day before, and the open invoices, bills and advances party by party',
      access: 'Svc.accounts.CREATE', body: OpeningBalancesBody, status: 201, message: 'The opening balances have been set.', response,
      handle: ({ ctx, body }) => openings.set(ctx, body),
    }),
    route({
      method: 'GET', url: '/opening_balances', operationId: 'getOpeningBalances', tags,
      summary: 'The opening balances as they stand: accounts, open items with the invoices and bills they became, advances, the opening entry',
      access: 'Svc.accounts.READ', response,
      handle: ({ ctx }) => openings.get(ctx),
    }),
  ];
}
