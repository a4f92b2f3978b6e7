import { useState } from 'preact/hooks';
import { ErrorNote } from '../ui/error-note';
import { apiFor, type Session } from './session';

interface Organisation { org_id: string; name: string; gstin: string | null }
interface Reached { token: string; scopes: string[]; organisations: Organisation[] }

/**
 * Sign-in with a personal access token, then the choice of organisation when the token reaches
 * more than one. The token goes only to this origin's API and into sessionStorage.
 */
export function SignIn({ onSignedIn, reached: initial }: { onSignedIn: (session: Session) => void; reached?: Reached }) {
  const [reached, setReached] = useState<Reached | undefined>(initial);
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);

  const choose = (r: Reached, org: Organisation) => onSignedIn({ token: r.token, orgId: org.org_id, orgName: org.name, scopes: r.scopes });

  async function signIn(token: string) {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await apiFor(token).get('/whoami');
      const r: Reached = { token, scopes: answer.token.scopes, organisations: answer.organisations };
      if (r.organisations.length === 1) choose(r, r.organisations[0]!);
      else setReached(r);
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  }

  if (reached) {
    return (
      <main class="container narrow">
        <h1>Choose an organisation</h1>
        <ul class="org-list">
          {reached.organisations.map((org) => (
            <li key={org.org_id}>
              <button type="button" onClick={() => choose(reached, org)}>
                {org.name}{org.gstin && <small> · {org.gstin}</small>}
              </button>
            </li>
          ))}
        </ul>
      </main>
    );
  }
  return (
    <main class="container narrow">
      <h1>Sign in to Bahi</h1>
      <form onSubmit={(e) => { e.preventDefault(); void signIn(new FormData(e.currentTarget).get('token') as string); }}>
        <label>
          Personal access token
          <input name="token" type="password" autoComplete="off" required aria-describedby="token-hint" />
          <small id="token-hint">Kept in this tab only, until you sign out or close it.</small>
        </label>
        <button type="submit" aria-busy={busy ? 'true' : 'false'} disabled={busy}>Sign in</button>
      </form>
      <ErrorNote error={error} />
    </main>
  );
}

export type { Reached };
