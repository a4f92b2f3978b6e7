import { DomainError } from '../../kernel/errors';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { validateBody } from '../../http/validation';
import { CreateBillBody } from '../bills';
import { CreateExpenseBody } from '../expenses';
import { CreateInvoiceBody } from '../invoices';
import { CreateJournalBody } from '../ledger';
import { Type } from '@sinclair/typebox';
import { PagePageContext } from '../../http/response-schemas';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { CreateRecurringBody, RecurringSchedule, ListRecurringQuery, UpdateRecurringBody, type RecurringEntityType } from './recurring.schemas';
import type { RecurringService } from './recurring.service';

const tags = ['Recurring'];
const ScheduleIdParam = IdParam('schedule_id');

const CREATE_SCHEMAS: Record<RecurringEntityType, object> = {
  INVOICE: CreateInvoiceBody, BILL: CreateBillBody, EXPENSE: CreateExpenseBody, JOURNAL: CreateJournalBody,
};

/**
 * An inline template must be a valid create body of its resource (its `date` may be left
 * out: every run uses its own). Checked here with the resource's own schema and validator;
 * what a schedule keeps of it is template-payload.rules.ts's business.
 */
function checkPayload(entityType: RecurringEntityType, payload: Record<string, unknown> | undefined) {
  if (payload === undefined) return;
  const probe = structuredClone({ date: '2000-01-01', ...payload });
  const error = validateBody(CREATE_SCHEMAS[entityType], probe);
  if (error) {
    const prefix = (field: string | undefined) => (field === undefined || field === 'body' ? 'template_payload' : `template_payload.${field}`);
    throw new DomainError(error.code, error.message, { field: prefix(error.field), errors: error.errors?.map((e) => ({ ...e, field: prefix(e.field) })) });
  }
}

export function recurringRoutes(recurring: RecurringService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/recurring', operationId: 'listRecurring', summary: 'List recurring schedules by next_run_at', tags,
      access: 'Svc.recurring.READ', query: ListRecurringQuery, response: { recurring: Type.Array(RecurringSchedule), page_context: PagePageContext },
      handle: ({ ctx, query }) => recurring.listSchedules(ctx, query),
    }),
    route({
      method: 'GET', url: '/recurring/:schedule_id', operationId: 'getRecurring', summary: 'Get a recurring schedule', tags,
      access: 'Svc.recurring.READ', params: ScheduleIdParam, response: { recurring: RecurringSchedule },
      handle: ({ ctx, params }) => recurring.getSchedule(ctx, params.schedule_id),
    }),
    route({
      method: 'POST', url: '/recurring', operationId: 'createRecurring', summary: 'Create a recurring schedule', tags,
      access: 'Svc.recurring.CREATE', body: CreateRecurringBody, status: 201, message: 'The recurring schedule has been created.', response: { recurring: RecurringSchedule },
      handle: ({ ctx, body }) => {
        checkPayload(body.entity_type, body.template_payload);
        return recurring.createSchedule(ctx, body);
      },
    }),
    route({
      method: 'PUT', url: '/recurring/:schedule_id', operationId: 'updateRecurring', summary: 'Update a recurring schedule (partial)', tags,
      access: 'Svc.recurring.UPDATE', params: ScheduleIdParam, body: UpdateRecurringBody, message: 'The recurring schedule has been updated.', response: { recurring: RecurringSchedule },
      handle: async ({ ctx, params, body }) => {
        if (body.template_payload !== undefined) {
          const entityType = await recurring.entityTypeOf(ctx.orgId, params.schedule_id);
          if (entityType !== undefined) checkPayload(entityType, body.template_payload);
        }
        return recurring.updateSchedule(ctx, params.schedule_id, body);
      },
    }),
    route({
      method: 'POST', url: '/recurring/:schedule_id/run', operationId: 'runRecurring', failsWithCodes: PERIOD_CLOSED, summary: 'Run a schedule once now', tags,
      access: 'Svc.recurring.UPDATE', params: ScheduleIdParam, message: 'The schedule has run.',
      response: { generated_entity_id: Type.String({ description: 'The document this run created' }), recurring: RecurringSchedule },
      handle: ({ ctx, params }) => recurring.runNow(ctx, params.schedule_id),
    }),
    route({
      method: 'POST', url: '/recurring/:schedule_id/pause', operationId: 'pauseRecurring', summary: 'Pause a schedule (next_run_at kept)', tags,
      access: 'Svc.recurring.UPDATE', params: ScheduleIdParam, message: 'The schedule has been paused.', response: { recurring: RecurringSchedule },
      handle: ({ ctx, params }) => recurring.pauseSchedule(ctx, params.schedule_id),
    }),
    route({
      method: 'POST', url: '/recurring/:schedule_id/resume', operationId: 'resumeRecurring', summary: 'Resume a schedule', tags,
      access: 'Svc.recurring.UPDATE', params: ScheduleIdParam, message: 'The schedule has been resumed.', response: { recurring: RecurringSchedule },
      handle: ({ ctx, params }) => recurring.resumeSchedule(ctx, params.schedule_id),
    }),
    route({
      method: 'DELETE', url: '/recurring/:schedule_id', operationId: 'deleteRecurring', summary: 'Delete a schedule; generated documents remain', tags,
      access: 'Svc.recurring.DELETE', params: ScheduleIdParam, message: 'The recurring schedule has been deleted.', response: { recurring_id: Type.String() },
      handle: ({ ctx, params }) => recurring.deleteSchedule(ctx, params.schedule_id),
    }),
  ];
}
