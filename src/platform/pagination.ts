import type { CursorCodec, CursorPosition } from '../kernel/cursor';
import { invalidValue } from '../kernel/errors';

/**
 * The spec's three list forms as reusable pieces. Repositories fetch one row more than
 * asked, and these helpers turn that into `has_more_page`.
 */

/** Cursor form: keyset pagination with an opaque, signed cursor. */
export interface CursorRequest {
  perPage: number;
  after: CursorPosition | null;
}

export function readCursor(cursors: CursorCodec, list: string, query: { per_page?: number; cursor?: string }): CursorRequest {
  const perPage = query.per_page ?? 50;
  if (query.cursor === undefined || query.cursor === '') return { perPage, after: null };
  const after = cursors.decode(list, query.cursor);
  if (!after) throw invalidValue('cursor', 'cursor is not one this list handed out; pass next_cursor back unchanged');
  return { perPage, after };
}

export function cursorPage<T>(cursors: CursorCodec, list: string, rows: T[], perPage: number, positionOf: (row: T) => CursorPosition) {
  const hasMore = rows.length > perPage;
  const items = hasMore ? rows.slice(0, perPage) : rows;
  const last = items[items.length - 1];
  return {
    items,
    page_context: {
      per_page: perPage,
      has_more_page: hasMore,
      next_cursor: hasMore && last !== undefined ? cursors.encode(list, positionOf(last)) : null,
    },
  };
}

/** Page form: numbered pages (recurring, comments, attachments). */
export function pageWindow(query: { page?: number; per_page?: number }, defaultPerPage: number) {
  const perPage = query.per_page ?? defaultPerPage;
  const page = query.page ?? 1;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function pagedContext<T>(rows: T[], page: number, perPage: number) {
  const hasMore = rows.length > perPage;
  return { items: hasMore ? rows.slice(0, perPage) : rows, page_context: { page, per_page: perPage, has_more_page: hasMore } };
}

/** Limit form: newest first, no cursor (activity). */
export function limitedContext<T>(rows: T[], limit: number) {
  const hasMore = rows.length > limit;
  const items = hasMore ? rows.slice(0, limit) : rows;
  return { items, page_context: { limit, returned: items.length, has_more_page: hasMore } };
}
