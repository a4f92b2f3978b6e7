import type { BahiClient } from '@bahi/sdk';
import type { Kind, Row } from './kind';

/**
 * The document lists and pages read through one untyped GET: the path is chosen at run time from
 * the kind, which the SDK's typed `get` cannot follow. The kinds table (kinds.ts) is where the
 * fields read from these answers are checked against the SDK's types.
 */
const getAny = (api: BahiClient) => api.get as unknown as (path: string, init?: object) => Promise<Record<string, unknown>>;

export interface ListPage {
  rows: Row[];
  /** The cursor of the next page; null at the end. */
  next: string | null;
}

/** Rows a page of a list asks for: enough to read, few enough to answer quickly. */
export const PER_PAGE = 50;

/** One page of a kind's list, newest first, filtered by `query`, from `cursor` on. */
export async function fetchListPage(api: BahiClient, kind: Kind, query: Record<string, string>, cursor?: string): Promise<ListPage> {
  const answer = await getAny(api)(`/${kind.kind}`, { params: { query: { ...query, per_page: PER_PAGE, ...(cursor && { cursor }) } } });
  const context = answer.page_context as { has_more_page: boolean; next_cursor?: string | null };
  return {
    rows: answer[kind.kind] as Row[],
    next: context.has_more_page ? context.next_cursor ?? null : null,
  };
}

/** One document, as GET /<kind>/{id} answers it. */
export async function fetchDocument(api: BahiClient, kind: Kind, id: string): Promise<Row> {
  const answer = await getAny(api)(`/${kind.kind}/${encodeURIComponent(id)}`);
  return answer[kind.detailKey] as Row;
}

export interface ActivityEvent {
  event_id: string;
  action: string;
  occurred_at: string;
}

/** What was done to a document, newest first (GET /<kind>/{id}/activity, its first page). */
export async function fetchActivity(api: BahiClient, kind: Kind, id: string): Promise<ActivityEvent[]> {
  const answer = await getAny(api)(`/${kind.kind}/${encodeURIComponent(id)}/activity`);
  return answer.activity as ActivityEvent[];
}
