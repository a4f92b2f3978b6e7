import type { AdminClient } from './admin-client';

/**
 * The operator commands that map one-to-one onto the admin API. Each takes parsed
 * options and returns what the API answered.
 */
export type Options = Record<string, string | string[] | boolean | undefined>;

const one = (o: Options, name: string): string | undefined => {
  const v = o[name];
  return Array.isArray(v) ? v[v.length - 1] : typeof v === 'string' ? v : undefined;
};
const many = (o: Options, name: string): string[] => {
  const v = o[name];
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
};
const need = (o: Options, name: string): string => {
  const v = one(o, name);
  if (v === undefined) throw new Error(`--${name} is required`);
  return v;
};
const compact = (body: Record<string, unknown>) => Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));

/** `key=value` pairs → a preferences body: booleans and numbers are typed, the rest are strings. */
export function parseAssignments(pairs: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(pairs.map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`expected key=value, got ${pair}`);
    const raw = pair.slice(at + 1);
    const value = raw === 'null' ? null : raw === 'true' ? true : raw === 'false' ? false : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
    return [pair.slice(0, at), value];
  }));
}

/** `org lock`'s lock date: the date after the organisation id, or null with --unlock (never both, never neither). */
export function lockDateOf(o: Options, rest: readonly string[]): string | null {
  if (rest.length === 0) throw new Error('the organisation id is required');
  const date = rest[1];
  if (o.unlock === true) {
    if (date !== undefined) throw new Error('give a lock date or --unlock, not both');
    return null;
  }
  if (date === undefined) throw new Error('give the last day to lock (YYYY-MM-DD), or --unlock');
  return date;
}

export interface AdminCommand {
  usage: string;
  run(api: AdminClient, options: Options, rest: string[]): Promise<unknown>;
}

export const ADMIN_COMMANDS: Record<string, AdminCommand> = {
  'org create': {
    usage: '--name N [--state IN-KA] [--gstin G] [--currency INR] [--email-from E] [--books-start YYYY-MM-DD]',
    run: (api, o) => api.call('POST', '/orgs', compact({
      name: need(o, 'name'), state_code: one(o, 'state'), gstin: one(o, 'gstin'), currency_code: one(o, 'currency'),
      email_from: one(o, 'email-from'), books_start_date: one(o, 'books-start'),
    })),
  },
  'org sender': {
    usage: '--org ORG --email-from E   (a sender address verified with your email provider)',
    run: (api, o) => api.call('PUT', `/orgs/${need(o, 'org')}/sender`, { email_from: need(o, 'email-from') }),
  },
  'org lock': {
    usage: 'ORG_ID YYYY-MM-DD | ORG_ID --unlock   (nothing dated on or before the date may change; --unlock removes the lock)',
    run: (api, o, rest) => api.call('PUT', `/orgs/${rest[0] ?? ''}/lock`, { lock_date: lockDateOf(o, rest) }),
  },
  'org list': {
    usage: '(every organisation)',
    run: async (api) => ({ orgs: await api.all('/orgs', 'orgs') }),
  },
  'user create': {
    usage: '--org ORG --name N --email E',
    run: (api, o) => api.call('POST', `/orgs/${need(o, 'org')}/users`, { name: need(o, 'name'), email: need(o, 'email') }),
  },
  'user list': {
    usage: '--org ORG',
    run: async (api, o) => ({ users: await api.all(`/orgs/${encodeURIComponent(need(o, 'org'))}/users`, 'users') }),
  },
  'numbering conflicts': {
    usage: '--org ORG   (documents whose number their registration had already used that year: kept, marked legacy_duplicate)',
    run: async (api, o) => ({ numbering_conflicts: await api.all(`/orgs/${encodeURIComponent(need(o, 'org'))}/numbering_conflicts`, 'numbering_conflicts') }),
  },
  'token create': {
    usage: '--org ORG [--org ORG2 …] [--user USER] [--scope S …] [--kind PAT|OAUTH] [--expires-at ISO] [--tier T] [--rate-limit N]',
    run: (api, o) => api.call('POST', '/tokens', compact({
      org_ids: many(o, 'org'), user_id: one(o, 'user'),
      scopes: many(o, 'scope').length > 0 ? many(o, 'scope') : ['Svc.fullaccess.all'],
      kind: one(o, 'kind'), expires_at: one(o, 'expires-at'), tier: one(o, 'tier'),
      rate_limit_per_minute: one(o, 'rate-limit') === undefined ? undefined : Number(one(o, 'rate-limit')),
    })),
  },
  'token list': {
    usage: '[--org ORG]   (ids, scopes, organisations, kind, expiry; never a secret)',
    run: async (api, o) => {
      const org = one(o, 'org');
      return { tokens: await api.all(org === undefined ? '/tokens' : `/tokens?org_id=${encodeURIComponent(org)}`, 'tokens') };
    },
  },
  'token revoke': {
    usage: 'TOKEN_ID',
    run: (api, _o, rest) => api.call('POST', `/tokens/${rest[0] ?? ''}/revoke`),
  },
  'prefs set': {
    usage: '--org ORG key=value …',
    run: (api, o, rest) => api.call('PUT', `/orgs/${need(o, 'org')}/preferences`, parseAssignments(rest)),
  },
  'branch create': {
    usage: '--org ORG --name N --state IN-XX [--gstin G]',
    run: (api, o) => api.call('POST', `/orgs/${need(o, 'org')}/branches`, compact({ name: need(o, 'name'), state_code: need(o, 'state'), gstin: one(o, 'gstin') })),
  },
  'account create': {
    usage: '--org ORG --name N --type TYPE [--code C]',
    run: (api, o) => api.call('POST', `/orgs/${need(o, 'org')}/accounts`, compact({ account_name: need(o, 'name'), account_type: need(o, 'type'), account_code: one(o, 'code') })),
  },
  'period create': {
    usage: '--org ORG --name N --start YYYY-MM-DD --end YYYY-MM-DD',
    run: (api, o) => api.call('POST', `/orgs/${need(o, 'org')}/periods`, { name: need(o, 'name'), start_date: need(o, 'start'), end_date: need(o, 'end') }),
  },
  'clock get': { usage: '', run: (api) => api.call('GET', '/clock') },
  'clock set': { usage: 'ISO_DATE_TIME', run: (api, _o, rest) => api.call('PUT', '/clock', { now: rest[0] }) },
  'jobs run': { usage: '', run: (api) => api.call('POST', '/jobs/run') },
};
