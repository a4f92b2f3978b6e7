import { DomainError } from '../../kernel/errors';
import { grants } from '../../platform/auth/scopes';
import type { RequestContext } from '../../platform/context';
import { CREATE_SCOPES, type CreateType } from './create-from-line.rules';

/**
 * Making an entry from a bank line makes a payment, expense or journal: the token needs that
 * resource's create scope as well as Svc.banking.CREATE (403 authz.scope_missing otherwise).
 * The kind is known only from the body or its rule, so the route cannot declare it.
 */
export function assertMayCreate(ctx: RequestContext, type: CreateType): void {
  const scope = CREATE_SCOPES[type];
  if (!grants(ctx.scopes, scope)) throw new DomainError('authz.scope_missing', `This token lacks the scope ${scope}`, { details: { required_scope: scope } });
}
