import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { immediateSqliteDialect, type Fsync } from './sqlite-driver';

interface Tables { notes: { id: number; body: string } }

const opened: Kysely<Tables>[] = [];

const fileOf = new Map<Kysely<Tables>, string>();

/**
 * A database as the service opens it (WAL, synchronous=NORMAL), with the driver's fsync
 * replaced: a new file with the notes table, or a second connection to `existing`.
 */
async function open(fsync: Fsync, existing?: string, othersWrite = false): Promise<Kysely<Tables>> {
  const filePath = existing ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-driver-')), 'test.sqlite');
  const file = new BetterSqlite3(filePath);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  const db = new Kysely<Tables>({ dialect: immediateSqliteDialect(file, { fsync, othersWrite }) });
  opened.push(db);
  fileOf.set(db, filePath);
  if (!existing) await db.schema.createTable('notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text', (c) => c.notNull()).execute();
  return db;
}

const held: Array<() => void> = [];

/** An fsync that completes only when the test says so, counting the calls. */
function heldFsync() {
  const waiting: Array<() => void> = [];
  const fsync: Fsync = (fd, done) => waiting.push(() => fs.fsync(fd, done));
  const releaseAll = () => waiting.splice(0).forEach((go) => go());
  held.push(releaseAll);
  return { fsync, waiting, releaseAll };
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
  held.splice(0).forEach((releaseAll) => releaseAll()); // a failed test must not leave destroy() waiting
  await Promise.all(opened.splice(0).map((db) => db.destroy().catch(() => {})));
});

describe('group-committing SQLite driver', () => {
  it('commits transactions of one event-loop turn together, each undone alone when it fails', async () => {
    const db = await open(fs.fsync);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, id) => db.transaction().execute(async (tx) => {
      await tx.insertInto('notes').values({ id, body: `note ${id}` }).execute();
      if (id % 5 === 0) throw new Error(`refused ${id}`);
    })));
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message))
      .toEqual(['refused 0', 'refused 5', 'refused 10', 'refused 15']);
    const ids = (await db.selectFrom('notes').select('id').orderBy('id').execute()).map((r) => r.id);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, id) => id).filter((id) => id % 5 !== 0));
  });

  it('acknowledges a commit, and answers reads outside transactions, only after the WAL fsync', async () => {
    const disk = heldFsync();
    const db = await open(disk.fsync);
    disk.releaseAll(); // the table's creation

    const commit = db.transaction().execute((tx) => tx.insertInto('notes').values({ id: 1, body: 'durable?' }).execute());
    expect(await settled(commit)).toBe(false);
    expect(disk.waiting).toHaveLength(1);

    const read = db.selectFrom('notes').selectAll().execute();
    expect(await settled(read)).toBe(false);

    disk.releaseAll();
    await commit;
    expect(await read).toEqual([{ id: 1, body: 'durable?' }]);
  });

  it('lets the next group run while the previous one waits for its fsync', async () => {
    const disk = heldFsync();
    const db = await open(disk.fsync);
    disk.releaseAll();

    const first = db.transaction().execute((tx) => tx.insertInto('notes').values({ id: 1, body: 'first' }).execute());
    await until(() => disk.waiting.length === 1); // the first group has committed and waits for the disk
    const second = db.transaction().execute((tx) => tx.insertInto('notes').values({ id: 2, body: 'second' }).execute());
    await until(() => disk.waiting.length === 2); // so has the second, built meanwhile
    expect(await settled(first)).toBe(false);
    disk.releaseAll();
    await Promise.all([first, second]);
  });

  it('refuses all further work once an fsync failed', async () => {
    let fail = false;
    const db = await open((fd, done) => (fail ? done(Object.assign(new Error('EIO: i/o error'), { code: 'EIO' })) : fs.fsync(fd, done)));
    fail = true;

    await expect(db.transaction().execute((tx) => tx.insertInto('notes').values({ id: 1, body: 'lost' }).execute()))
      .rejects.toThrow(/fsync of the SQLite WAL failed; restart the service \(EIO/);
    fail = false;
    await expect(db.transaction().execute((tx) => tx.insertInto('notes').values({ id: 2, body: 'after' }).execute()))
      .rejects.toThrow(/fsync of the SQLite WAL failed/);
    await expect(sql`select 1`.execute(db)).rejects.toThrow(/fsync of the SQLite WAL failed/);
  });

  it('waits for another connection\'s write lock without blocking the event loop', async () => {
    const first = await open(fs.fsync);
    const second = await open(fs.fsync, fileOf.get(first)); // the same file, as the webhook delivery thread opens it
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

  it('with other processes writing the file, answers a read only after an fsync that began after it', async () => {
    const writerDisk = heldFsync();
    const writer = await open(writerDisk.fsync);
    writerDisk.releaseAll();
    const readerDisk = heldFsync();
    const reader = await open(readerDisk.fsync, fileOf.get(writer), true); // another process's connection to the file

    // The writer has committed; its fsync has not happened, so it has acknowledged nothing yet.
    const commit = writer.transaction().execute((tx) => tx.insertInto('notes').values({ id: 1, body: 'seen?' }).execute());
    await until(() => writerDisk.waiting.length === 1);

    // The reader sees the COMMIT, but answers only once its own fsync of the WAL has run.
    const read = reader.selectFrom('notes').selectAll().execute();
    await until(() => readerDisk.waiting.length === 1);
    expect(await settled(read)).toBe(false);
    readerDisk.releaseAll();
    expect(await read).toEqual([{ id: 1, body: 'seen?' }]);

    // Reads of one turn of the event loop share one fsync.
    const reads = Promise.all([1, 2, 3].map(() => reader.selectFrom('notes').select('id').execute()));
    await until(() => readerDisk.waiting.length === 1);
    readerDisk.releaseAll();
    expect(await reads).toEqual([[{ id: 1 }], [{ id: 1 }], [{ id: 1 }]]);

    // So does a streamed read: no row is handed out before its fsync.
    const streamed = (async () => {
      const rows = [];
      for await (const row of reader.selectFrom('notes').select('id').stream()) rows.push(row);
      return rows;
    })();
    await until(() => readerDisk.waiting.length === 1);
    expect(await settled(streamed)).toBe(false);
    readerDisk.releaseAll();
    expect(await streamed).toEqual([{ id: 1 }]);
    writerDisk.releaseAll();
    await commit;
  });

  it('without other processes writing, a read waits only for this connection\'s own fsync', async () => {
    const writer = await open(fs.fsync);
    const readerDisk = heldFsync();
    const reader = await open(readerDisk.fsync, fileOf.get(writer));
    await writer.insertInto('notes').values({ id: 1, body: 'committed' }).execute();
    expect(await reader.selectFrom('notes').selectAll().execute()).toEqual([{ id: 1, body: 'committed' }]);
    expect(readerDisk.waiting).toHaveLength(0);
  });
});
