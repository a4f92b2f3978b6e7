import type { Db } from '../../db/database';
import { notFound } from '../../kernel/errors';
import type { ActivityEntityType } from '../../platform/activity/activity.recorder';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { ActivityQuery, activityListResponse, AliasQuery } from './activity.schemas';
import type { ActivityService } from './activity.service';

const tags = ['Activity'];

export function activityRoutes(activity: ActivityService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/activity', operationId: 'listActivity', summary: 'Audit events, newest first', tags,
      access: 'Svc.activity.READ', query: ActivityQuery, response: activityListResponse,
      handle: ({ ctx, query }) => activity.listActivity(ctx, query),
    }),
  ];
}

/**
 * A resource's timeline, `/<resource>/{id}/activity`: the generic list narrowed to one
 * entity. `exists` keeps tenancy: an id of another organisation is 404, not an empty list.
 */
export interface ActivityAlias {
  collection: string;
  param: string;
  entityType: ActivityEntityType;
  operationId: string;
  exists(db: Db, orgId: string, id: string): Promise<boolean>;
}

export function activityAliasRoutes(activity: ActivityService, db: Db, aliases: readonly ActivityAlias[]): RouteDef[] {
  return aliases.map((alias) =>
    route({
      method: 'GET', url: `/${alias.collection}/:${alias.param}/activity`, operationId: alias.operationId,
      summary: `Timeline of one ${alias.entityType.toLowerCase().replace(/_/g, ' ')}`, tags,
      access: 'Svc.activity.READ', params: IdParam(alias.param), query: AliasQuery, response: activityListResponse,
      handle: async ({ ctx, params, query }) => {
        const id = (params as Record<string, string>)[alias.param]!;
        if (!(await alias.exists(db, ctx.orgId, id))) throw notFound(alias.entityType.toLowerCase(), alias.param);
        return activity.listActivity(ctx, { entity_type: alias.entityType, entity_id: id, limit: query.limit });
      },
    }),
  );
}
