import { route, type RouteDef } from '../../http/route';
import { CallingToken } from './identity.schemas';

/** GET /whoami: the token's identity. The spec leaves its scope open; any valid token may ask about itself. */
export function identityRoutes(): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/whoami', operationId: 'whoami', summary: 'The calling token', tags: ['Identity'],
      access: 'any-token', response: { token: CallingToken },
      handle: async ({ ctx }) => ({
        token: { token_id: ctx.tokenId, org_id: ctx.orgId, user_id: ctx.userId, scopes: ctx.scopes, tier: ctx.tier },
      }),
    }),
  ];
}
