import createFetchClient from 'openapi-fetch';
import { apiRootOf } from './api-root.js';
import { BahiError } from './errors.js';
import type { paths } from './generated/schema.js';
import { idempotencyKeys } from './idempotency.js';
import { listOver, type List } from './lists.js';
import { retryingFetch } from './retry.js';
import type { Call, Method, RawClient } from './types.js';

export interface ClientOptions {
  /** The server's address (`https://books.example.com`); `/api/public/v1` is added unless already there. */
  baseUrl: string;
  /** A personal access token or OAuth access token. */
  token: string;
  /** The organisation to act in, for a token bound to several (sent as `X-Svc-Org`). */
  org?: string;
  /** The fetch to send with (default: the global fetch). */
  fetch?: (request: Request) => Promise<Response>;
  /** Retries of a request that is safe to repeat, after 429, 5xx or no answer (default 2). */
  retries?: number;
}

export interface BahiClient {
  /** Each resolves to the operation's success body and throws BahiError on an error answer. */
  get: Call<'get'>;
  post: Call<'post'>;
  put: Call<'put'>;
  delete: Call<'delete'>;
  /** Every entry of a list, across all its pages. */
  list: List;
  /** The underlying openapi-fetch client ({ data, error, response } answers), for what the above do not cover. */
  raw: RawClient;
}

export function createClient(options: ClientOptions): BahiClient {
  const raw = createFetchClient<paths>({
    baseUrl: apiRootOf(options.baseUrl),
    headers: { Authorization: `Bearer ${options.token}`, ...(options.org !== undefined && { 'X-Svc-Org': options.org }) },
    fetch: retryingFetch(options.fetch ?? ((request) => fetch(request)), { retries: options.retries ?? 2 }),
  });
  raw.use(idempotencyKeys);

  // The typed surface is Call<M>; underneath, one untyped send serves every method.
  const send = raw.request as unknown as (method: Method, path: string, init?: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  const call = (method: Method) => async (path: string, init?: object) => {
    const { data, error, response } = await send(method, path, init);
    if (!response.ok) throw BahiError.of(response, error);
    return data;
  };
  const get = call('get');
  return {
    get: get as Call<'get'>,
    post: call('post') as Call<'post'>,
    put: call('put') as Call<'put'>,
    delete: call('delete') as Call<'delete'>,
    list: listOver(get),
    raw,
  };
}
