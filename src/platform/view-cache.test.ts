import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { viewCache } from './view-cache';

// perDatabase keys state by the executor's adapter: a dialect that is never connected is enough.
const database = () => new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: async () => { throw new Error('not used'); } }) });

describe('viewCache', () => {
  const presented: string[] = [];
  const view = viewCache(10, (row: { id: string; balance: number }, lines: readonly string[], day: string) => {
    presented.push(row.id);
    return { ...row, lines, status: day > '2026-01-31' ? 'OVERDUE' : 'SENT' };
  });
  const lines = ['a', 'b'];

  it('answers a row read again unchanged from the view, and makes it again when a column, an input or the database differs', () => {
    const db = database();
    const first = view(db, 'inv_1', { id: 'inv_1', balance: 100 }, lines, '2026-01-31');
    expect(JSON.parse(first.text)).toEqual({ id: 'inv_1', balance: 100, lines: ['a', 'b'], status: 'SENT' });
    expect(view(db, 'inv_1', { id: 'inv_1', balance: 100 }, lines, '2026-01-31')).toBe(first);
    expect(presented).toEqual(['inv_1']);

    expect(JSON.parse(view(db, 'inv_1', { id: 'inv_1', balance: 40 }, lines, '2026-01-31').text).balance).toBe(40);
    expect(JSON.parse(view(db, 'inv_1', { id: 'inv_1', balance: 40 }, lines, '2026-02-01').text).status).toBe('OVERDUE');
    view(db, 'inv_1', { id: 'inv_1', balance: 40 }, [...lines], '2026-02-01');
    view(database(), 'inv_1', { id: 'inv_1', balance: 40 }, lines, '2026-02-01');
    expect(presented).toEqual(['inv_1', 'inv_1', 'inv_1', 'inv_1', 'inv_1']);
  });
});
