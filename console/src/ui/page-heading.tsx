import type { ComponentChildren } from 'preact';
import { useEffect } from 'preact/hooks';

/** The page's one h1, also the tab's title, with any actions beside it. */
export function PageHeading({ title, children }: { title: string; children?: ComponentChildren }) {
  useEffect(() => { document.title = `${title} · Bahi`; }, [title]);
  return (
    <div class="page-heading">
      <h1>{title}</h1>
      {children && <div class="actions">{children}</div>}
    </div>
  );
}
