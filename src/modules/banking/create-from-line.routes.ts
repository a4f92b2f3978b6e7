import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import type { ErrorCode } from '../../kernel/errors';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { CreateFromLineAnswer, CreateFromLineBody } from './create-from-line.schemas';
import type { CreateFromLineService } from './create-from-line.service';

const FAILS_WITH: readonly ErrorCode[] = [...PERIOD_CLOSED, 'conflict.reconciled'];

export function createFromLineRoutes(service: CreateFromLineService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/bank_transactions/:bank_transaction_id/create', operationId: 'createFromBankTransaction', tags: ['Banking'], failsWithCodes: FAILS_WITH,
      summary: "Make the payment, expense, transfer or journal a bank line is, by that resource's own create, and match it to the line; needs that resource's create scope too",
      access: 'Svc.banking.CREATE', idempotency: 'required', params: IdParam('bank_transaction_id'), body: CreateFromLineBody, status: 201,
      message: 'The entry has been made and matched to the bank line.', response: CreateFromLineAnswer,
      handle: ({ ctx, params, body }) => service.create(ctx, params.bank_transaction_id, body),
    }),
  ];
}
