import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { route, type RouteDef } from '../../http/route';
import { organisationsOfToken } from './identity.reader';
import { CallingToken, ReachableOrganisation } from './identity.schemas';

/** GET /whoami: the token's identity and the organisations it reaches. The spec leaves its scope open; any valid token may ask about itself. */
export function identityRoutes(db: Db): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/whoami', operationId: 'whoami', summary: 'The calling token and the organisations it reaches', tags: ['Identity'],
      access: 'any-token', orgOptional: true,
      response: { token: CallingToken, organisations: Type.Array(ReachableOrganisation, { description: 'Every organisation the token reaches, by name' }) },
      handle: async ({ ctx }) => ({
        token: { token_id: ctx.tokenId, org_id: ctx.orgId === '' ? null : ctx.orgId, user_id: ctx.userId, scopes: ctx.scopes, tier: ctx.tier },
        organisations: await organisationsOfToken(db, ctx.tokenId ?? '', ctx.orgId),
      }),
    }),
  ];
}
