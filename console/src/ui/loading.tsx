import type { ComponentChildren } from 'preact';
import type { Loaded } from './use-api';
import { ErrorNote } from './error-note';

/** The page's content once its data is there; the error, or a busy line, until then. */
export function Loading<T>({ loaded, children }: { loaded: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (loaded.error) return <ErrorNote error={loaded.error} />;
  if (loaded.data === undefined) return <p aria-busy="true">Loading…</p>;
  return <div aria-busy={loaded.loading ? 'true' : 'false'}>{children(loaded.data)}</div>;
}
