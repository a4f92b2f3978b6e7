import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { asBatchable, combineInserts } from './batched-inserts';

const insert = (sql: string, ...parameters: unknown[]) => CompiledQuery.raw(sql, parameters);

describe('combineInserts', () => {
  it('sends one insert as it is', () => {
    const only = insert('insert into "a" ("x") values ($1)', 1);
    expect(combineInserts([only])).toBe(only);
  });

  it('puts all but the last in a WITH clause and numbers the parameters on from the ones before', () => {
    const combined = combineInserts([
      insert('insert into "a" ("x", "y") values ($1, $2)', 'a1', 'a2'),
      insert('insert into "b" ("x") values ($1), ($2)', 'b1', 'b2'),
      insert('insert into "c" ("x", "y") values ($1, $2) on conflict ("x") do update set "y" = $3', 'c1', 'c2', 'c3'),
    ]);
    expect(combined.sql).toBe(
      'with b0 as (insert into "a" ("x", "y") values ($1, $2)), b1 as (insert into "b" ("x") values ($3), ($4)) '
      + 'insert into "c" ("x", "y") values ($5, $6) on conflict ("x") do update set "y" = $7',
    );
    expect(combined.parameters).toEqual(['a1', 'a2', 'b1', 'b2', 'c1', 'c2', 'c3']);
  });

  it('renumbers parameters of two or more digits whole', () => {
    const wide = insert(`insert into "a" values (${Array.from({ length: 12 }, (_, i) => `$${i + 1}`).join(', ')})`, ...Array(12).fill(0));
    const combined = combineInserts([insert('insert into "z" ("x") values ($1)', 0), wide]);
    expect(combined.sql.endsWith('values ($2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)')).toBe(true);
  });
});

describe('asBatchable', () => {
  it('marks a plain insert or an upsert', () => {
    const upsert = insert('insert into "a" ("x") values ($1) on conflict ("x") do update set "x" = $2', 1, 2);
    expect(asBatchable(upsert)).toBe(upsert);
  });

  it.each([
    ['a read', 'select * from "a" where "x" = $1'],
    ['an insert whose caller reads what it returned', 'insert into "a" ("x") values ($1) returning "x"'],
    ['an insert whose caller learns whether it inserted', 'insert into "a" ("x") values ($1) on conflict do nothing'],
  ])('refuses %s', (_, sql) => {
    expect(() => asBatchable(insert(sql, 1))).toThrow(/only a plain insert/);
  });
});
