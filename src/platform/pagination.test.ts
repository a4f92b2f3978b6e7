import { describe, expect, it } from 'vitest';
import { cursorCodec } from '../kernel/cursor';
import { cursorPage, limitedContext, pagedContext, pageWindow, readCursor } from './pagination';

const codec = cursorCodec('test-secret');

describe('the three list forms', () => {
  it('cursor: one row beyond the page means has_more_page and a cursor to the last row shown', () => {
    const page = cursorPage(codec, 'things', ['a', 'b', 'c'], 2, (r) => [r]);
    expect(page.items).toEqual(['a', 'b']);
    expect(page.page_context).toMatchObject({ per_page: 2, has_more_page: true });
    expect(readCursor(codec, 'things', { per_page: 2, cursor: page.page_context.next_cursor! })).toEqual({ perPage: 2, after: ['b'] });
    expect(cursorPage(codec, 'things', ['a'], 2, (r) => [r]).page_context).toEqual({ per_page: 2, has_more_page: false, next_cursor: null });
  });

  it('cursor: a cursor of another list or a forged one is a 400 on field cursor', () => {
    const other = codec.encode('others', ['x']);
    for (const cursor of [other, 'garbage', `${other}x`]) {
      expect(() => readCursor(codec, 'things', { cursor })).toThrowError(expect.objectContaining({ code: 'validation.invalid_value', field: 'cursor' }));
    }
  });

  it('page: numbered pages with an offset', () => {
    expect(pageWindow({ page: 3, per_page: 10 }, 50)).toEqual({ page: 3, perPage: 10, offset: 20 });
    expect(pageWindow({}, 100)).toEqual({ page: 1, perPage: 100, offset: 0 });
    expect(pagedContext([1, 2, 3], 2, 2)).toEqual({ items: [1, 2], page_context: { page: 2, per_page: 2, has_more_page: true } });
  });

  it('limit: newest first with limit, returned and has_more_page', () => {
    expect(limitedContext([1, 2, 3], 2)).toEqual({ items: [1, 2], page_context: { limit: 2, returned: 2, has_more_page: true } });
    expect(limitedContext([1], 5)).toEqual({ items: [1], page_context: { limit: 5, returned: 1, has_more_page: false } });
  });
});
