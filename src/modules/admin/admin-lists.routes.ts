import type { Database } from '../../db/database';
import type { CursorCodec } from '../../kernel/cursor';
import { notFound } from '../../kernel/errors';
import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { PageContext } from '../../http/response-schemas';
import { presentToken } from '../../platform/auth/tokens.service';
import { presentOrg } from '../../platform/orgs/orgs.service';
import { cursorPage, readCursor } from '../../platform/pagination';
import { adminListsRepository as repo } from './admin-lists.repository';
import { AdminListQuery, ListTokensQuery, OrgIdParam } from './admin.schemas';
import { Org, Token, User } from './admin.responses';

const tags = ['Admin'];

/** The operator's lists (docs/rules/operator-api.md, "Admin API"): organisations, an organisation's users, tokens; cursor form, never a secret. */
export function adminListRoutes(deps: { database: Database; cursors: CursorCodec }): RouteDef[] {
  const db = deps.database.db;
  const { cursors } = deps;
  return [
    route({
      method: 'GET', url: '/orgs', operationId: 'adminListOrgs', summary: 'List the organisations', tags,
      access: 'admin', query: AdminListQuery, response: { orgs: Type.Array(Org), page_context: PageContext },
      handle: async ({ query }) => {
        const { perPage, after } = readCursor(cursors, 'admin.orgs', query);
        const page = cursorPage(cursors, 'admin.orgs', await repo.listOrgs(db, after, perPage), perPage, (r) => [r.org_id]);
        return { orgs: page.items.map(presentOrg), page_context: page.page_context };
      },
    }),
    route({
      method: 'GET', url: '/orgs/:org_id/users', operationId: 'adminListUsers', summary: "List an organisation's users", tags,
      access: 'admin', params: OrgIdParam, query: AdminListQuery, response: { users: Type.Array(User), page_context: PageContext },
      handle: async ({ params, query }) => {
        if (!(await repo.orgExists(db, params.org_id))) throw notFound('organisation');
        const { perPage, after } = readCursor(cursors, 'admin.users', query);
        const page = cursorPage(cursors, 'admin.users', await repo.listUsers(db, params.org_id, after, perPage), perPage, (r) => [r.user_id]);
        return { users: page.items, page_context: page.page_context };
      },
    }),
    route({
      method: 'GET', url: '/tokens', operationId: 'adminListTokens', summary: 'List the tokens (never their secrets)', tags,
      access: 'admin', query: ListTokensQuery, response: { tokens: Type.Array(Token), page_context: PageContext },
      handle: async ({ query }) => {
        const { perPage, after } = readCursor(cursors, 'admin.tokens', query);
        const page = cursorPage(cursors, 'admin.tokens', await repo.listTokens(db, query.org_id, after, perPage), perPage, (r) => [r.token_id]);
        return { tokens: page.items.map(presentToken), page_context: page.page_context };
      },
    }),
  ];
}
