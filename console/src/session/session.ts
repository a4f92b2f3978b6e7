import { createClient, type BahiClient } from '@bahi/sdk';

/**
 * Who is signed in: a personal access token and the organisation chosen. Kept in sessionStorage
 * only, so it is gone when the tab closes and never written to disk by the console; sign-out
 * forgets it at once.
 */
export interface Session {
  token: string;
  orgId: string;
  orgName: string;
  scopes: string[];
}

const KEY = 'bahi.session';

export function loadSession(): Session | null {
  const stored = sessionStorage.getItem(KEY);
  if (!stored) return null;
  try {
    return JSON.parse(stored) as Session;
  } catch {
    sessionStorage.removeItem(KEY);
    return null;
  }
}

export const saveSession = (session: Session) => sessionStorage.setItem(KEY, JSON.stringify(session));
export const forgetSession = () => sessionStorage.removeItem(KEY);

/** The public API, on this same origin, as the token acting in one organisation (X-Svc-Org). */
export function apiFor(token: string, orgId?: string): BahiClient {
  return createClient({ baseUrl: location.origin, token, ...(orgId !== undefined && { org: orgId }) });
}

/** Whether the token's scopes allow this one (a full-access token allows them all). */
export function allows(scopes: readonly string[], scope: string): boolean {
  return scopes.includes('Svc.fullaccess.all') || scopes.includes(scope);
}
