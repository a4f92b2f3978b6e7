/** A small fetch client for bootstrapping and seeding (not for the measured load). */
export interface ApiClient {
  baseUrl: string;
  /** The bearer token the measured requests use. */
  token: string;
  /** Calls the public API; throws unless the status is 2xx. */
  call<T = Record<string, unknown>>(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
}

export async function request(
  url: string,
  method: string,
  bearer: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    json = { raw: text };
  }
  return { status: response.status, json };
}

async function expectOk(url: string, method: string, bearer: string, body?: unknown, headers?: Record<string, string>) {
  const { status, json } = await request(url, method, bearer, body, headers);
  if (status < 200 || status > 299) throw new Error(`${method} ${url} answered ${status}: ${JSON.stringify(json)}`);
  return json;
}

export interface Bootstrapped {
  orgId: string;
  api: ApiClient;
}

/** A client of the public API of the server at `origin`, with a token (e.g. one made on an earlier run of the server on the same data). */
export function apiClient(origin: string, token: string): ApiClient {
  const publicBase = `${origin}/api/public/v1`;
  return {
    baseUrl: publicBase,
    token,
    call: async (method, path, body, headers) => (await expectOk(`${publicBase}${path}`, method, token, body, headers)) as never,
  };
}

/**
 * Creates an organisation (with `orgFields` of POST /orgs, e.g. its GSTIN), a user and a
 * full-access token with a limit the benchmark cannot reach.
 */
/**
 * The invoice series the benchmarks number in: B1, B2, … The default series (INV-26-27-00001)
 * holds 999,999 numbers a year under Rule 46(b)'s 16 characters; this one, 15 digits after B,
 * never runs out however many runs one database sees.
 */
export const BENCH_SERIES = { series_name: 'bench', prefix: 'B', padding: 1, format_template: '{prefix}{num}', label: 'Benchmarks' };

export async function bootstrapOrg(origin: string, adminToken: string, runId: string, orgFields: Record<string, unknown> = {}): Promise<Bootstrapped> {
  const admin = `${origin}/api/admin/v1`;
  const { org } = (await expectOk(`${admin}/orgs`, 'POST', adminToken, { name: `Bench ${runId}`, ...orgFields })) as { org: { org_id: string } };
  const { user } = (await expectOk(`${admin}/orgs/${org.org_id}/users`, 'POST', adminToken, {
    name: 'Bench User', email: `bench-${runId.toLowerCase()}@example.com`,
  })) as { user: { user_id: string } };
  const { token } = (await expectOk(`${admin}/tokens`, 'POST', adminToken, {
    org_ids: [org.org_id], user_id: user.user_id, scopes: ['Svc.fullaccess.all'],
    rate_limit_per_minute: 1_000_000, // the schema's maximum; a run stays well below it per minute
  })) as { token: { access_token: string } };
  const api = apiClient(origin, token.access_token);
  await api.call('POST', '/invoices/series', BENCH_SERIES);
  return { orgId: org.org_id, api };
}

/** Creates `count` contacts, `concurrency` at a time; returns their ids in creation order. */
export async function seedContacts(api: ApiClient, runId: string, count: number, concurrency = 16): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const { contact } = await api.call<{ contact: { contact_id: string } }>('POST', '/contacts', {
        contact_name: `Seed ${runId} ${i}`,
        email: `seed-${i}@example.com`,
        billing_address: { address: `${i} MG Road`, city: 'Bengaluru', state_code: 'IN-KA', zip: '560001', country: 'India' },
      }, { 'idempotency-key': `seed-${runId}-${i}` });
      ids[i] = contact.contact_id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

/** POST /api/admin/v1/jobs/run: everything due in the background, run to the end (the outbox published, deliveries sent). */
export async function runJobs(origin: string, adminToken: string): Promise<{ seconds: number; jobs: Record<string, number> }> {
  const started = performance.now();
  const { status, json } = await request(`${origin}/api/admin/v1/jobs/run`, 'POST', adminToken, {});
  if (status !== 200) throw new Error(`jobs/run answered ${status}: ${JSON.stringify(json)}`);
  return { seconds: (performance.now() - started) / 1000, jobs: json.jobs as Record<string, number> };
}
