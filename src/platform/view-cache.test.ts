import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { JsonText } from '../kernel/json-text';
import { viewCache } from './view-cache';

// perDatabase keys state by the executor's adapter: a dialect that is never connected is enough.
const database = () => new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: async () => { throw new Error('not used'); } }) });

describe('viewCache', () => {
  it('gives back a view only for the version and inputs it was made at, in the database it was made for', () => {
    const views = viewCache<[day: string]>(10);
    const db = database();
    const view = JsonText.of({ invoice_id: 'inv_1', status: 'SENT' });
    expect(views.get(db, 'inv_1', 1, '2026-01-31')).toBeUndefined();

    views.set(db, 'inv_1', 1, view, '2026-01-31');
    expect(views.get(db, 'inv_1', 1, '2026-01-31')).toBe(view);
    expect(views.get(db, 'inv_1', 2, '2026-01-31')).toBeUndefined();
    expect(views.get(db, 'inv_1', 1, '2026-02-01')).toBeUndefined();
    expect(views.get(db, 'inv_2', 1, '2026-01-31')).toBeUndefined();
    expect(views.get(database(), 'inv_1', 1, '2026-01-31')).toBeUndefined();

    const next = JsonText.of({ invoice_id: 'inv_1', status: 'PAID' });
    views.set(db, 'inv_1', 2, next, '2026-01-31');
    expect(views.get(db, 'inv_1', 2, '2026-01-31')).toBe(next);
    expect(views.get(db, 'inv_1', 1, '2026-01-31')).toBeUndefined();
  });
});
