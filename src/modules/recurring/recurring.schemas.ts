import { Type, type Static } from '@sinclair/typebox';
import { Body, DateTimeSchema, Id, LocalDateSchema, Nullable, PerPage, Query, StringEnum, Text } from '../../http/schema-kit';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { FREQUENCIES } from './recurrence.rules';

export const RECURRING_ENTITY_TYPES = ['INVOICE', 'BILL', 'EXPENSE', 'JOURNAL'] as const;
export type RecurringEntityType = (typeof RECURRING_ENTITY_TYPES)[number];

const Interval = Type.Integer({ minimum: 1, maximum: 999, description: 'multiplier of the frequency' });
const MaxRuns = Type.Integer({ minimum: 1, maximum: 100_000 });
const Payload = Type.Object({}, { additionalProperties: true, description: "a create body of the entity type's resource; each run takes its own number and date, and an invoice's or bill's due date keeps the distance from date to due_date when both are given (else the contact's payment terms)" });

export const CreateRecurringBody = Body({
  entity_type: StringEnum(RECURRING_ENTITY_TYPES),
  name: Text(200, 1),
  frequency: StringEnum(FREQUENCIES),
  interval: Type.Optional(Interval),
  start_date: LocalDateSchema,
  end_date: Type.Optional(Nullable(LocalDateSchema)),
  template_entity_id: Type.Optional(Id('template_entity_id')),
  template_payload: Type.Optional(Payload),
  max_runs: Type.Optional(Nullable(MaxRuns)),
  auto_charge: Type.Optional(Type.Boolean({ description: "invoice schedules only: each generated invoice carries payment_link, a UPI link to the organisation's VPA (preference upiVpa) for its balance" })),
  is_active: Type.Optional(Type.Boolean()),
});
export type CreateRecurringBody = Static<typeof CreateRecurringBody>;

export const UpdateRecurringBody = Body({
  name: Type.Optional(Text(200, 1)),
  frequency: Type.Optional(StringEnum(FREQUENCIES)),
  interval: Type.Optional(Interval),
  start_date: Type.Optional(LocalDateSchema),
  end_date: Type.Optional(Nullable(LocalDateSchema)),
  template_entity_id: Type.Optional(Id('template_entity_id')),
  template_payload: Type.Optional(Payload),
  max_runs: Type.Optional(Nullable(MaxRuns)),
  auto_charge: Type.Optional(Type.Boolean()),
  next_run_at: Type.Optional(DateTimeSchema),
});
export type UpdateRecurringBody = Static<typeof UpdateRecurringBody>;

export const ListRecurringQuery = Query({
  per_page: Type.Optional(PerPage),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  entity_type: Type.Optional(StringEnum(RECURRING_ENTITY_TYPES)),
  is_active: Type.Optional(Type.Boolean()),
});
export type ListRecurringQuery = Static<typeof ListRecurringQuery>;

const BusinessDate = Type.String({ format: 'date' });

export const RecurringSchedule = Named('RecurringSchedule', Strict({
  recurring_id: Type.String(),
  entity_type: StringEnum(RECURRING_ENTITY_TYPES),
  name: Type.String(),
  frequency: StringEnum(FREQUENCIES),
  interval: Type.Integer({ description: 'Multiplier of the frequency: 2 with MONTHLY runs every other month' }),
  start_date: BusinessDate,
  end_date: NullableOf(BusinessDate),
  next_run_at: NullableOf(Type.String({ format: 'date-time', description: '09:00 India time of the next run; null once the schedule has ended (end_date or max_runs)' })),
  last_run_at: NullableOf(Type.String({ format: 'date-time', description: 'null until the first run' })),
  is_active: Type.Boolean({ description: 'false while paused' }),
  template_entity_id: NullableOf(Type.String({ description: 'The document the template was copied from; null for an inline template_payload' })),
  template_payload: Type.Record(Type.String(), Type.Unknown(), { description: "The create body each run sends to the entity type's resource" }),
  run_count: Type.Integer(),
  max_runs: NullableOf(Type.Integer({ description: 'null: no limit' })),
  auto_charge: Type.Boolean({ description: 'Each generated invoice carries a UPI payment_link' }),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A schedule that creates an invoice, bill, expense or journal on each run.'));
