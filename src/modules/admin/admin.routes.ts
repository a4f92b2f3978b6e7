import { DomainError } from '../../kernel/errors';
import { isoTimestamp } from '../../kernel/local-date';
import { SettableClock, type Clock } from '../../kernel/clock';
import type { TokensService } from '../../platform/auth/tokens.service';
import { runJobs, type Job } from '../../platform/jobs/jobs';
import type { OrgsService } from '../../platform/orgs/orgs.service';
import type { PeriodLockService } from '../../platform/orgs/period-lock.service';
import { route, type RouteDef } from '../../http/route';
import {
  CreateAccountBody, CreateBranchBody, CreateOrgBody, CreatePeriodBody, CreateTokenBody, CreateUserBody,
  OrgIdParam, PreferencesBody, SetClockBody, SetLockBody, TokenIdParam,
} from './admin.schemas';
import { Clock as ClockAnswer, JobRuns, Lock, NewAccount, NewBranch, NewToken, Org, Period, Preferences, Token, User } from './admin.responses';

const tags = ['Admin'];

export interface AdminDeps {
  orgs: OrgsService;
  periodLocks: PeriodLockService;
  tokens: TokensService;
  clock: Clock;
  jobs: readonly Job[];
}

/** The operator API (docs/rules/operator-api.md, "Admin API"): organisations, users, tokens, preferences, the fake clock, jobs. */
export function adminRoutes(deps: AdminDeps): RouteDef[] {
  const fakeClock = () => {
    if (!(deps.clock instanceof SettableClock)) throw new DomainError('not_found.route', 'The clock is the system clock; start with BAHI_CLOCK=fake');
    return deps.clock;
  };
  return [
    route({
      method: 'POST', url: '/orgs', operationId: 'adminCreateOrg', summary: 'Create an organisation with its books', tags,
      access: 'admin', body: CreateOrgBody, status: 201, message: 'The organisation has been created.', response: { org: Org },
      handle: async ({ body }) => ({ org: await deps.orgs.createOrg(body) }),
    }),
    route({
      method: 'POST', url: '/orgs/:org_id/users', operationId: 'adminCreateUser', summary: 'Add a user', tags,
      access: 'admin', params: OrgIdParam, body: CreateUserBody, status: 201, response: { user: User },
      handle: async ({ params, body }) => ({ user: await deps.orgs.createUser(params.org_id, body) }),
    }),
    route({
      method: 'POST', url: '/tokens', operationId: 'adminCreateToken', summary: 'Mint an access token (shown once)', tags,
      access: 'admin', body: CreateTokenBody, status: 201, response: { token: NewToken },
      handle: async ({ body }) => ({ token: await deps.tokens.createToken(body) }),
    }),
    route({
      method: 'POST', url: '/tokens/:token_id/revoke', operationId: 'adminRevokeToken', summary: 'Revoke a token', tags,
      access: 'admin', params: TokenIdParam, response: { token: Token },
      handle: async ({ params }) => ({ token: await deps.tokens.revokeToken(params.token_id) }),
    }),
    route({
      method: 'PUT', url: '/orgs/:org_id/preferences', operationId: 'adminUpdatePreferences', summary: 'Change preferences', tags,
      access: 'admin', params: OrgIdParam, body: PreferencesBody, response: { preferences: Preferences },
      handle: async ({ params, body }) => ({ preferences: await deps.orgs.updatePreferences(params.org_id, body) }),
    }),
    route({
      method: 'POST', url: '/orgs/:org_id/branches', operationId: 'adminCreateBranch', summary: 'Add a branch', tags,
      access: 'admin', params: OrgIdParam, body: CreateBranchBody, status: 201, response: { branch: NewBranch },
      handle: async ({ params, body }) => ({ branch: await deps.orgs.createBranch(params.org_id, body) }),
    }),
    route({
      method: 'POST', url: '/orgs/:org_id/accounts', operationId: 'adminCreateAccount', summary: 'Add an account', tags,
      access: 'admin', params: OrgIdParam, body: CreateAccountBody, status: 201, response: { account: NewAccount },
      handle: async ({ params, body }) => ({ account: await deps.orgs.createAccount(params.org_id, body) }),
    }),
    route({
      method: 'POST', url: '/orgs/:org_id/periods', operationId: 'adminCreatePeriod', summary: 'Add an accounting period', tags,
      access: 'admin', params: OrgIdParam, body: CreatePeriodBody, status: 201, response: { period: Period },
      handle: async ({ params, body }) => ({ period: await deps.orgs.createPeriod(params.org_id, body) }),
    }),
    route({
      method: 'PUT', url: '/orgs/:org_id/lock', operationId: 'adminSetLock', summary: 'Lock the books through a date, or unlock them', tags,
      access: 'admin', params: OrgIdParam, body: SetLockBody, response: { lock: Lock },
      handle: async ({ ctx, params, body }) => ({ lock: await deps.periodLocks.setLock(ctx, params.org_id, body.lock_date) }),
    }),
    route({
      method: 'GET', url: '/clock', operationId: 'adminGetClock', summary: "The service's clock (BAHI_CLOCK=fake only)", tags,
      access: 'admin', response: { clock: ClockAnswer },
      handle: async () => ({ clock: { now: isoTimestamp(fakeClock().now()) } }),
    }),
    route({
      method: 'PUT', url: '/clock', operationId: 'adminSetClock', summary: "Set the service's clock (BAHI_CLOCK=fake only)", tags,
      access: 'admin', body: SetClockBody, response: { clock: ClockAnswer },
      handle: async ({ body }) => {
        const clock = fakeClock();
        clock.set(new Date(body.now));
        return { clock: { now: isoTimestamp(clock.now()) } };
      },
    }),
    route({
      method: 'POST', url: '/jobs/run', operationId: 'adminRunJobs', summary: 'Run every due background job now', tags,
      access: 'admin', response: { jobs: JobRuns },
      handle: async () => ({ jobs: await runJobs(deps.jobs) }),
    }),
  ];
}
