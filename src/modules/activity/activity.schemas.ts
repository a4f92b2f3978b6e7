import { Type, type Static } from '@sinclair/typebox';
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
