import { Type, type Static } from '@sinclair/typebox';
import { LimitPageContext, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Id, Query, StringEnum, Text, UncheckedId } from '../../http/schema-kit';
import { ACTIVITY_ENTITY_TYPES } from '../../platform/activity/activity.recorder';

const Limit = Type.Integer({ minimum: 1, maximum: 500, default: 100 });

export const ActivityQuery = Query({
  entity_type: Type.Optional(StringEnum(ACTIVITY_ENTITY_TYPES)),
  // Events name what attachments sit on, an entity_id the server does not check: any such id can be asked for.
  entity_id: Type.Optional(UncheckedId('entity_id')),
  actor_user_id: Type.Optional(Id('actor_user_id')),
  since: Type.Optional(Text(40)),
  until: Type.Optional(Text(40)),
  limit: Type.Optional(Limit),
});
export type ActivityQuery = Static<typeof ActivityQuery>;

/** Per-resource aliases take only `limit`. */
export const AliasQuery = Query({ limit: Type.Optional(Limit) });
export type AliasQuery = Static<typeof AliasQuery>;

/** An entry of the audit trail (activity.service.ts present). */
const ActivityEvent = Named('ActivityEvent', Strict({
  event_id: Type.String(),
  action: Type.String({ description: 'What happened: the entity type and its verb (INVOICE_CREATED), or an action the spec names (EMAIL_SENT)' }),
  entity_type: StringEnum(ACTIVITY_ENTITY_TYPES),
  entity_id: Type.String(),
  entity_ref: NullableOf(Type.String({ description: "The entity's number or name when it has one (INV-26-27-00001)" })),
  actor_user_id: NullableOf(Type.String({ description: 'The user whose token made the change; null for a token bound to no user and for the service itself' })),
  changes: NullableOf(Type.Record(Type.String(), Strict({ old: Type.Unknown(), new: Type.Unknown() }), {
    description: 'Each field the action changed, with its value before and after; null when it changed none',
  })),
  metadata: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Where the change came from (ip, user_agent, request_id, source) and facts of the action (e.g. the journal it posted)',
  }),
  occurred_at: Timestamp,
}, 'An entry of the audit trail.'));

/** The answer of every activity list: the events, newest first, in the limit form. */
export const activityListResponse = { activity: Type.Array(ActivityEvent), page_context: LimitPageContext };
