/** Talks to the admin API for the CLI: BAHI_URL (default http://127.0.0.1:8080) and BAHI_ADMIN_TOKEN. */
export interface AdminClient {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
  /** Every item of a cursor-form list (`key` names its array), following next_cursor to the end. */
  all(path: string, key: string): Promise<unknown[]>;
}

/** What a refused connection's code means to an operator; anything else is shown as the code itself. */
const NETWORK_FAILURES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  ETIMEDOUT: 'timed out',
  ECONNRESET: 'connection reset',
  EHOSTUNREACH: 'host unreachable',
};

/** Why fetch could not reach the server: undici puts the system error in `cause`. */
function reason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code;
  if (code) return NETWORK_FAILURES[code] ?? code;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}

export function adminClient(baseUrl: string, adminToken: string | undefined): AdminClient {
  const root = baseUrl.replace(/\/$/, '');
  const call: AdminClient['call'] = async (method, path, body) => {
    if (!adminToken) throw new Error('Set BAHI_ADMIN_TOKEN to the admin token printed on first start');
    const response = await fetch(`${root}/api/admin/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).catch((error: unknown) => {
      throw new Error(`cannot reach ${root} (${reason(error)}); set BAHI_URL`);
    });
    const payload: unknown = await response.json();
    if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(payload)}`);
    return payload;
  };
  return {
    call,
    async all(path, key) {
      const items: unknown[] = [];
      const separator = path.includes('?') ? '&' : '?';
      let cursor: string | null = null;
      do {
        const page = await call('GET', `${path}${separator}per_page=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`) as
          Record<string, unknown> & { page_context: { next_cursor: string | null } };
        items.push(...(page[key] as unknown[]));
        cursor = page.page_context.next_cursor;
      } while (cursor);
      return items;
    },
  };
}
