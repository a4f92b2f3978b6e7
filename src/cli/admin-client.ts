/** Talks to the admin API for the CLI: BAHI_URL (default http://127.0.0.1:8080) and BAHI_ADMIN_TOKEN. */
export interface AdminClient {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}

export function adminClient(baseUrl: string, adminToken: string | undefined): AdminClient {
  return {
    async call(method, path, body) {
      if (!adminToken) throw new Error('Set BAHI_ADMIN_TOKEN to the admin token printed on first start');
      const response = await fetch(`${baseUrl.replace(/\/$/, '')}/api/admin/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body !== undefined && { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const payload: unknown = await response.json();
      if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(payload)}`);
      return payload;
    },
  };
}
