import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { configureSqlite } from './database';
import { immediateSqliteDialect } from './sqlite-driver';

interface Tables { notes: { id: number; body: string } }

const opened: Kysely<Tables>[] = [];

const fileOf = new Map<Kysely<Tables>, string>();

/** A database as the service opens it (configureSqlite): a new file with the notes table, or a second connection to `existing`. */
async function open(existing?: string): Promise<Kysely<Tables>> {
  const filePath = existing ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-driver-')), 'test.sqlite');
  const db = new Kysely<Tables>({ dialect: immediateSqliteDialect(configureSqlite(new BetterSqlite3(filePath))) });
  opened.push(db);
  fileOf.set(db, filePath);
  if (!existing) await db.schema.createTable('notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text', (c) => c.notNull()).execute();
  return db;
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 1));
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return done;
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy().catch(() => {})));
});

describe('SQLite as the service opens it', () => {
  it('is in WAL mode and syncs the WAL at each COMMIT (synchronous=FULL): an acknowledged write survives a power cut', () => {
    const file = configureSqlite(new BetterSqlite3(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-driver-')), 'test.sqlite')));
    try {
      expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(file.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      file.close();
    }
  });
});

describe('group-committing SQLite driver', () => {
  it('commits transactions of one event-loop turn together, each undone alone when it fails', async () => {
    const db = await open();
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, id) => db.transaction().execute(async (tx) => {
      await tx.insertInto('notes').values({ id, body: `note ${id}` }).execute();
      if (id % 5 === 0) throw new Error(`refused ${id}`);
    })));
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message))
      .toEqual(['refused 0', 'refused 5', 'refused 10', 'refused 15']);
    const ids = (await db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, id) => id).filter((id) => id % 5 !== 0));
  });

  it('waits for another connection\'s write lock without blocking the event loop', async () => {
    const first = await open();
    const second = await open(fileOf.get(first)); // the same file, as the webhook delivery thread opens it
    let releaseFirst: (() => void) | undefined;
    const holding = first.transaction().execute(async (tx) => {
      await tx.insertInto('notes').values({ id: 1, body: 'first' }).execute();
      await new Promise<void>((resolve) => (releaseFirst = resolve)); // holds the write lock across turns of the loop
    });
    await until(() => releaseFirst !== undefined);
    const waiting = second.transaction().execute((tx) => tx.insertInto('notes').values({ id: 2, body: 'second' }).execute());
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    try {
      expect(await settled(waiting)).toBe(false);
      expect(ticks).toBeGreaterThan(5); // the loop kept turning while the second connection waited
      releaseFirst!();
      await holding;
      await waiting;
    } finally {
      clearInterval(ticker);
    }
    expect((await second.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id)).toEqual([1, 2]);
  });
});
