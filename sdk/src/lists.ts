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

/** The most entries GET /activity answers at once. */
const MAX_LIMIT = 500;

/** `list` over a function that GETs one answer (and throws on an error answer). */
export function listOver(getPage: (path: string, init: Init) => Promise<unknown>): List {
  async function* walk(path: string, init: Init = {}): AsyncIterableIterator<unknown> {
    let query: Record<string, unknown> = { ...init.params?.query };
    const backward = backwardByInstant();
    for (;;) {
      const body = (await getPage(path, { ...init, params: { ...init.params, query } })) as ListBody;
      const context = body.page_context;
      const entries = entriesOf(body);
      if (context.returned === undefined) {
        yield* entries;
        if (!context.has_more_page) return;
        if (context.next_cursor === null) return;
        query = context.next_cursor !== undefined ? { ...query, cursor: context.next_cursor } : { ...query, page: (context.page ?? 1) + 1 };
      } else {
        const fresh = backward.unseen(entries);
        yield* fresh;
        if (!context.has_more_page) return;
        query = backward.next(query, fresh.length > 0);
      }
    }
  }
  return walk as unknown as List;
}

/**
 * The limit form's walk: `until` the oldest instant seen. Instants are to the second and
 * `until` is inclusive, so the events already yielded at that instant come again and are
 * skipped; when an answer holds nothing new (more events in one second than the limit), the
 * same instant is asked again with twice the limit, up to the API's maximum.
 */
function backwardByInstant() {
  let instant: unknown;
  let atInstant = new Set<unknown>();
  return {
    unseen(entries: Array<Record<string, unknown>>) {
      const fresh = entries.filter((e) => !(e.occurred_at === instant && atInstant.has(e.event_id)));
      const oldest = entries.at(-1)?.occurred_at;
      if (oldest !== instant) [instant, atInstant] = [oldest, new Set()];
      for (const e of fresh) if (e.occurred_at === instant) atInstant.add(e.event_id);
      return fresh;
    },
    next(query: Record<string, unknown>, progressed: boolean): Record<string, unknown> {
      if (progressed) return { ...query, until: instant };
      const limit = typeof query.limit === 'number' ? query.limit : 100;
      if (limit >= MAX_LIMIT) throw new Error(`more than ${MAX_LIMIT} events at ${String(instant)}: narrow the list with since, entity_type or entity_id`);
      return { ...query, until: instant, limit: Math.min(MAX_LIMIT, limit * 2) };
    },
  };
}

/** The one array of a list answer, whatever its key. */
function entriesOf(body: ListBody): Array<Record<string, unknown>> {
  const arrays = Object.entries(body).filter(([key, value]) => key !== 'page_context' && Array.isArray(value));
  if (arrays.length !== 1) throw new Error(`a list answer holds one array; this one holds ${arrays.map(([k]) => k).join(', ') || 'none'}`);
  return arrays[0]![1] as Array<Record<string, unknown>>;
}
