import type { Answer, InitArg, InitOf, PathOf } from './types.js';
import type { paths } from './generated/schema.js';

/*
 * The API's three list forms (public-api.md, Pagination forms), walked to the end:
 * - cursor: page_context.next_cursor passed back as `cursor` while has_more_page;
 * - page: `page` + 1 while has_more_page;
 * - limit (GET /activity): newest first with no cursor, so each next answer asks `until` the
 *   oldest instant seen (inclusive) and skips the events already yielded.
 */

type Body<P extends PathOf<'get'>> = Answer<'get', P>;
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

/** GET operations that answer a list: a page_context, and for the limit form an `until` to page backward with. */
export type ListPath = {
  [P in PathOf<'get'>]: Body<P> extends { page_context: infer C }
    ? C extends { returned: number } ? ('until' extends keyof Query<P> ? P : never) : P
    : never;
}[PathOf<'get'>];

type ItemKey<P extends ListPath> = Exclude<keyof Body<P>, 'code' | 'message' | 'page_context'>;
/** The entries of a list: its one array (invoices[], contacts[], activity[] …). */
export type ListItem<P extends ListPath> = { [K in ItemKey<P>]: Body<P>[K] extends ReadonlyArray<infer E> ? E : never }[ItemKey<P>];

export type List = <P extends ListPath, I extends InitOf<P, 'get'>>(path: P, ...init: InitArg<I>) => AsyncIterableIterator<ListItem<P>>;

type PageContext = { has_more_page: boolean; next_cursor?: string | null; page?: number; returned?: number };
type ListBody = { page_context: PageContext } & Record<string, unknown>;
type Init = { params?: { query?: Record<string, unknown> } } & Record<string, unknown>;

/** `list` over a function that GETs one answer (and throws on an error answer). */
export function listOver(getPage: (path: string, init: Init) => Promise<unknown>): List {
  async function* walk(path: string, init: Init = {}): AsyncIterableIterator<unknown> {
    let query: Record<string, unknown> = { ...init.params?.query };
    const yielded = new Set<unknown>();
    for (;;) {
      const body = (await getPage(path, { ...init, params: { ...init.params, query } })) as ListBody;
      const entries = entriesOf(body);
      const context = body.page_context;
      if (context.returned === undefined) {
        yield* entries;
      } else {
        const fresh = entries.filter((e) => !yielded.has(e.event_id));
        if (context.has_more_page && fresh.length === 0) {
          throw new Error(`${path}: more than ${entries.length} events share one instant; ask for a larger limit`);
        }
        for (const entry of fresh) yielded.add(entry.event_id);
        yield* fresh;
      }
      if (!context.has_more_page) return;
      if (context.next_cursor !== undefined) {
        if (context.next_cursor === null) return;
        query = { ...query, cursor: context.next_cursor };
      } else if (context.page !== undefined) {
        query = { ...query, page: context.page + 1 };
      } else {
        query = { ...query, until: entries.at(-1)?.occurred_at };
      }
    }
  }
  return walk as unknown as List;
}

/** The one array of a list answer, whatever its key. */
function entriesOf(body: ListBody): Array<Record<string, unknown>> {
  const arrays = Object.entries(body).filter(([key, value]) => key !== 'page_context' && Array.isArray(value));
  if (arrays.length !== 1) throw new Error(`a list answer holds one array; this one holds ${arrays.map(([k]) => k).join(', ') || 'none'}`);
  return arrays[0]![1] as Array<Record<string, unknown>>;
}
