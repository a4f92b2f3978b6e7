import { useLocation } from 'preact-iso';
import { useSignedIn } from '../session/context';
import { PAGES } from '../pages';
import { PageHeading } from '../ui/page-heading';

/**
 * An address the console has no page for, or one the token may not see. At /app itself (the
 * dashboard, for a token that may not read the books) it lists what the token may open instead.
 */
export function NotFound() {
  const { path } = useLocation();
  const { can } = useSignedIn();
  const open = PAGES.filter((p) => p.nav && can(p.scope));
  const home = path === '/app' || path === '/app/';
  return (
    <>
      <PageHeading title={home ? 'Welcome' : 'Not here'} />
      <p>{home ? 'Your token may not read the books, so there is no dashboard.' : 'This page does not exist, or your token may not see it.'}</p>
      {open.length > 0
        ? <><p>What your token may open:</p><ul>{open.map((p) => <li key={p.path}><a href={p.path}>{p.title}</a></li>)}</ul></>
        : <p>Your token may open none of the console's pages.</p>}
    </>
  );
}
