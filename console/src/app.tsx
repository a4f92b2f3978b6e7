import { LocationProvider, Route, Router } from 'preact-iso';
import { useMemo, useState } from 'preact/hooks';
import { NotFound } from './layout/not-found';
import { Shell } from './layout/shell';
import { PAGES } from './pages';
import { SignedInContext, type SignedIn } from './session/context';
import { allows, apiFor, forgetSession, loadSession, saveSession, type Session } from './session/session';
import { SignIn, type Reached } from './session/sign-in';

export function App() {
  const [session, setSession] = useState<Session | null>(loadSession);
  const [switching, setSwitching] = useState<Reached>();

  const signedIn = useMemo<SignedIn | null>(() => session && {
    session,
    api: apiFor(session.token, session.orgId),
    can: (scope) => allows(session.scopes, scope),
    signOut: () => { forgetSession(); setSwitching(undefined); setSession(null); },
    switchOrganisation: () => {
      void apiFor(session.token).get('/whoami').then((answer) => {
        setSwitching({ token: session.token, scopes: answer.token.scopes, organisations: answer.organisations });
      });
    },
  }, [session]);

  const signIn = (next: Session) => { saveSession(next); setSwitching(undefined); setSession(next); };

  if (!signedIn || switching) return <SignIn onSignedIn={signIn} {...(switching && { reached: switching })} />;
  return (
    <LocationProvider scope="/app">
      <SignedInContext.Provider value={signedIn}>
        <Shell>
          <Router>
            {[
              ...PAGES.filter((p) => signedIn.can(p.scope)).map((p) => <Route key={p.path} path={p.path} component={p.component} />),
              <Route key="not-found" default component={NotFound} />,
            ]}
          </Router>
        </Shell>
      </SignedInContext.Provider>
    </LocationProvider>
  );
}
