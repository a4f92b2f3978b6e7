import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';

const opened: Array<{ database: Database; dir: string }> = [];
afterEach(async () => {
  for (const { database, dir } of opened.splice(0)) {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

/** The writing connection's `synchronous` (a transaction runs there): 1 NORMAL, 2 FULL. */
async function writerSynchronous(sharedFile: boolean): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-db-'));
  const database = openDatabase({ dataDir: dir, sharedFile });
  opened.push({ database, dir });
  const { rows } = await database.transaction((tx) => sql<{ synchronous: number }>`PRAGMA synchronous`.execute(tx));
  return rows[0]!.synchronous;
}

describe('openDatabase on SQLite', () => {
  it('syncs the WAL itself, off the event loop, when one process serves the file (synchronous=NORMAL)', async () => {
    expect(await writerSynchronous(false)).toBe(1);
  });

  it('lets SQLite sync each COMMIT before other processes can see it when several serve the file (synchronous=FULL)', async () => {
    expect(await writerSynchronous(true)).toBe(2);
  });
});
