import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { deferredState } from './before-commit';
import { inSavepoint } from './savepoint';
import { insertAddingUp, insertRows, insertUnlessConflicting, preparedQuery, preparedShapes } from './prepared';

let database: Database;
let other: Database;

beforeAll(async () => {
  database = openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-prepared-')) });
  other = openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-prepared-')) });
  await database.migrate();
  await other.migrate();
});
afterAll(async () => {
  await database.close();
  await other.close();
});

const setting = (key: string, value: string) => ({ key, value });

const settingsBetween = preparedQuery((db, a: { from: string; to: string }) =>
  db.selectFrom('system_settings').select(['key', 'value']).where('key', '>=', a.from).where('key', '<=', a.to)
    .where('value', '!=', 'hidden').orderBy('key'));

describe('preparedQuery', () => {
  it('binds each call\'s arguments and keeps the query\'s own constants', async () => {
    await database.transaction((tx) => insertRows(tx, 'system_settings', [
      setting('p.a', '1'), setting('p.b', 'hidden'), setting('p.c', '3'), setting('p.d', '4'),
    ]));
    expect(await settingsBetween(database.db, { from: 'p.a', to: 'p.c' })).toEqual([setting('p.a', '1'), setting('p.c', '3')]);
    expect(await settingsBetween(database.db, { from: 'p.c', to: 'p.z' })).toEqual([setting('p.c', '3'), setting('p.d', '4')]);
  });

  it('runs inside a transaction and keeps each database apart', async () => {
    await database.transaction(async (tx) => {
      await insertRows(tx, 'system_settings', [setting('q.a', 'in tx')]);
      expect(await settingsBetween(tx, { from: 'q.a', to: 'q.z' })).toEqual([setting('q.a', 'in tx')]);
    });
    expect(await settingsBetween(other.db, { from: 'q.a', to: 'q.z' })).toEqual([]);
  });
});

const settingsFrom = preparedShapes((db, a: { from: string; value: string }, shape: { onlyValue: boolean }) => {
  const q = db.selectFrom('system_settings').select(['key', 'value']).where('key', '>=', a.from).where('key', '<', 's.z');
  return (shape.onlyValue ? q.where('value', '=', a.value) : q).orderBy('key');
});

describe('preparedShapes', () => {
  it('keeps one query per shape, each binding its own arguments', async () => {
    await database.transaction((tx) => insertRows(tx, 'system_settings', [setting('s.a', '1'), setting('s.b', '2'), setting('s.c', '1')]));
    expect(await settingsFrom(database.db, { onlyValue: false }, { from: 's.b', value: '' })).toEqual([setting('s.b', '2'), setting('s.c', '1')]);
    expect(await settingsFrom(database.db, { onlyValue: true }, { from: 's.a', value: '1' })).toEqual([setting('s.a', '1'), setting('s.c', '1')]);
    expect(await settingsFrom(database.db, { onlyValue: false }, { from: 's.c', value: '1' })).toEqual([setting('s.c', '1')]);
    expect(await settingsFrom(database.db, { onlyValue: true }, { from: 's.a', value: '2' })).toEqual([setting('s.b', '2')]);
  });
});

describe('insertRows', () => {
  it('inserts any number of rows of one shape, and rows Kysely would compile differently', async () => {
    for (const count of [1, 3, 3, 1]) {
      const prefix = `r${count}.${Math.random()}`;
      await database.transaction((tx) => insertRows(tx, 'system_settings', Array.from({ length: count }, (_, i) => setting(`${prefix}.${i}`, `v${i}`))));
      expect(await settingsBetween(database.db, { from: prefix, to: `${prefix}.z` })).toHaveLength(count);
    }
    // an undefined value is left out by Kysely (the column takes its default), so that shape is not reused
    await expect(database.transaction((tx) => insertRows(tx, 'system_settings', [{ key: 'u.a', value: undefined as unknown as string }])))
      .rejects.toThrow(/NOT NULL/);
    await database.transaction((tx) => insertRows(tx, 'system_settings', [setting('u.b', 'set')]));
    expect(await settingsBetween(database.db, { from: 'u.a', to: 'u.z' })).toEqual([setting('u.b', 'set')]);
  });
});

describe('insertUnlessConflicting', () => {
  it('inserts a row whose unique key is free, and skips one whose key is taken, saying which', async () => {
    const claim = (value: string) => database.transaction((tx) => insertUnlessConflicting(tx, 'system_settings', setting('c.key', value)));
    expect(await claim('first')).toBe(true);
    expect(await claim('second')).toBe(false);
    expect(await claim('third')).toBe(false); // the cached statement skips as well
    expect(await settingsBetween(database.db, { from: 'c.key', to: 'c.key' })).toEqual([setting('c.key', 'first')]);
  });
});

describe('insertAddingUp', () => {
  const balance = (day: string, debit: number, credit: number) => ({ org_id: 'o', account_id: 'a', branch_id: 'b', entry_date: day, debit, credit });
  const balances = async () => (await database.db.selectFrom('ledger_balances').select(['entry_date', 'debit', 'credit']).where('org_id', '=', 'o').orderBy('entry_date').execute())
    .map((r) => [r.entry_date, Number(r.debit), Number(r.credit)]);
  const KEYS = ['org_id', 'account_id', 'branch_id', 'entry_date'];

  it('inserts rows with new keys and adds the sums of rows whose key is there, with the statement compiled once per row count', async () => {
    await database.transaction((tx) => insertAddingUp(tx, 'ledger_balances', [balance('2026-06-01', 100, 0), balance('2026-06-02', 0, 50)], KEYS, ['debit', 'credit']));
    await database.transaction((tx) => insertAddingUp(tx, 'ledger_balances', [balance('2026-06-02', 7, 3), balance('2026-06-03', 1, 1)], KEYS, ['debit', 'credit']));
    expect(await balances()).toEqual([['2026-06-01', 100, 0], ['2026-06-02', 7, 53], ['2026-06-03', 1, 1]]);
  });

  it('deferred work runs after the transaction\'s own, inside it: rolled back with it', async () => {
    const order: string[] = [];
    await database.transaction(async (tx) => {
      deferredState(tx, 'order', () => order, async (seen) => { seen.push('last'); });
      order.push('work');
    });
    expect(order).toEqual(['work', 'last']);
    await expect(database.transaction(async (tx) => {
      deferredState(tx, 'balances', () => null, async () => {
        await insertAddingUp(tx, 'ledger_balances', [balance('2026-06-01', 1, 0)], KEYS, ['debit', 'credit']);
        throw new Error('refused at the end');
      });
    })).rejects.toThrow('refused at the end');
    expect((await balances())[0]).toEqual(['2026-06-01', 100, 0]);
  });

  it('work deferred inside a savepoint is written with it, and forgotten when rolled back to it', async () => {
    /** Defers a move of 1 on the day, as the ledger's day balances do. */
    const move = (tx: Parameters<typeof inSavepoint>[0], day: string) => {
      const days = deferredState(tx, 'moves', () => [] as string[], (all) => insertAddingUp(tx, 'ledger_balances', all.map((d) => balance(d, 1, 0)), KEYS, ['debit', 'credit']));
      days.push(day);
    };
    await database.transaction(async (tx) => {
      move(tx, '2026-07-01');
      await inSavepoint(tx, async () => { move(tx, '2026-07-02'); });
      await expect(inSavepoint(tx, async () => { move(tx, '2026-07-03'); throw new Error('this part fails'); })).rejects.toThrow('this part fails');
      await inSavepoint(tx, async (rollback) => { move(tx, '2026-07-04'); await rollback(); move(tx, '2026-07-05'); });
      move(tx, '2026-07-06');
    });
    // 07-03 failed and 07-04 was rolled back before 07-05 was tried again: neither is written.
    expect((await balances()).filter(([day]) => String(day) >= '2026-07')).toEqual([
      ['2026-07-01', 1, 0], ['2026-07-02', 1, 0], ['2026-07-05', 1, 0], ['2026-07-06', 1, 0],
    ]);
  });
});
