import type { AnyComponent } from 'preact';

export type NavGroup = 'Overview' | 'Reports' | 'Documents' | 'Bank' | 'GST' | 'Filing';

/** One screen of the console: where it lives under /app, and the scope it needs to be shown. */
export interface Page {
  /** preact-iso pattern, e.g. /app/reports/general-ledger or /app/journals/:journal_id */
  path: string;
  title: string;
  /** Takes the path's params as props (preact-iso passes them), each page its own: hence `any`. */
  component: AnyComponent<any>;
  /** The scope the page's reads need; without it the page is neither listed nor opened. */
  scope: string;
  /** Listed in the menu under this group (pages reached only by a link have none). */
  nav?: NavGroup;
}
