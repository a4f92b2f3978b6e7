import type { ComponentChildren } from 'preact';
import { useSignedIn } from '../session/context';
import { NAV_GROUPS, PAGES } from '../pages';

/** From this width the menu is a column beside the page (styles.css), open; below it, a fold-out above the page. */
const WIDE = 1024;

/** The frame of every signed-in page: who and where, the menu of what the token may see, sign-out. */
export function Shell({ children }: { children: ComponentChildren }) {
  const { session, can, signOut, switchOrganisation } = useSignedIn();
  const visible = PAGES.filter((p) => p.nav && can(p.scope));
  return (
    <>
      <header class="container-fluid shell-header">
        <nav aria-label="Account">
          <ul>
            <li><a href="/app" class="brand"><strong>Bahi</strong></a></li>
            <li><span class="org-name">{session.orgName}</span></li>
          </ul>
          <ul>
            <li><button type="button" class="outline secondary" onClick={switchOrganisation}>Switch organisation</button></li>
            <li><button type="button" class="secondary" onClick={signOut}>Sign out</button></li>
          </ul>
        </nav>
      </header>
      <div class="shell-body">
        <details class="menu" open={window.innerWidth >= WIDE}>
          <summary>Menu</summary>
          <nav aria-label="Console">
            {NAV_GROUPS.map((group) => {
              const pages = visible.filter((p) => p.nav === group);
              if (pages.length === 0) return null;
              return (
                <section key={group}>
                  <h2>{group}</h2>
                  <ul>{pages.map((p) => <li key={p.path}><a href={p.path}>{p.title}</a></li>)}</ul>
                </section>
              );
            })}
          </nav>
        </details>
        <main class="container-fluid">{children}</main>
      </div>
    </>
  );
}
