import { BahiError } from '@bahi/sdk';

/**
 * Sets (or, with null, lifts) the organisation's period lock through the admin API
 * (PUT /api/admin/v1/orgs/{org_id}/lock, described at /api/admin/v1/openapi.json). The public
 * SDK does not reach the admin API, so this is a plain same-origin fetch carrying the admin
 * token the person pasted; the token goes in this one request and is kept nowhere.
 */
export async function setPeriodLock(adminToken: string, orgId: string, lockDate: string | null): Promise<{ lock_date: string | null }> {
  const response = await fetch(`/api/admin/v1/orgs/${encodeURIComponent(orgId)}/lock`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ lock_date: lockDate }),
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw BahiError.of(response, body);
  return (body as { lock: { lock_date: string | null } }).lock;
}
