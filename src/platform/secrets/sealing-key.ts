import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Database, Db, Tx } from '../../db/database';
import type { Engine } from '../../db/engine';
import { resealer, secretBox } from '../../kernel/secret-box';
import type { SealedValues } from './sealed-values';

/**
 * The server secret (docs/decisions.md "Security"): the key that seals stored secrets and signs
 * cursors and download links. It never lives in the database it protects: BAHI_SECRET, or on the
 * embedded engine `<data dir>/secret.key` (0600), generated there on first start. Earlier versions
 * kept it in `system_settings`; a start moves it out (SQLite) or retires it for BAHI_SECRET,
 * re-sealing what it sealed and deleting it in one transaction.
 */

/** The row where earlier versions kept the key; `bahi secret export` prints it. */
const STORED_KEY = 'server_secret';
export const SECRET_KEY_FILE = 'secret.key';

export interface SealingKeyOptions {
  /** BAHI_SECRET. */
  configured: string | undefined;
  dataDir: string;
  /** Every column sealed under the key. */
  sealed: readonly SealedValues[];
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** PostgreSQL has no place of its own for a key outside the database: BAHI_SECRET is required. */
function requireConfiguredKey(engine: Engine, configured: string | undefined): void {
  if (engine === 'sqlite' || configured) return;
  throw new Error(
    'BAHI_SECRET is not set. With DATABASE_URL the key that seals stored secrets (webhook signing secrets) must come from '
    + 'BAHI_SECRET, never from the database it protects. A database that has kept a key: run `bahi secret export` with the '
    + 'same DATABASE_URL and set BAHI_SECRET to what it prints. A new database: set BAHI_SECRET to a long random value '
    + '(for example `openssl rand -base64 32`). Keep it: secrets sealed under it open with it alone.',
  );
}

/** The key this start uses, with any key kept the old way moved out of the database (see above). */
export async function establishSealingKey(database: Database, options: SealingKeyOptions): Promise<string> {
  requireConfiguredKey(database.engine, options.configured);
  const stored = await readStoredKey(database.db);
  const file = path.join(options.dataDir, SECRET_KEY_FILE);
  const onFile = database.engine === 'sqlite' ? readKeyFile(file) : null;
  // In force: BAHI_SECRET; else the file; else the stored key, moved to the file; else a new one there.
  const key = options.configured ?? onFile ?? writeKeyFile(file, stored ?? randomBytes(32).toString('base64url'));
  const retired = [...new Set([stored, onFile])].filter((k): k is string => k !== null && k !== key);

  if (stored !== null || retired.length > 0) {
    const counts = await database.transaction(async (tx) => {
      const resealed = await resealAll(tx, options.sealed, retired, key);
      await tx.deleteFrom('system_settings').where('key', '=', STORED_KEY).execute();
      return resealed;
    });
    options.log.info({ ...counts, from: retired.length, file: options.configured ? undefined : file },
      'a retired server secret: what it sealed is sealed again under the key in force, and it is deleted');
  }
  // After the commit: until then the values the file's key sealed still needed it.
  if (options.configured && onFile !== null) fs.rmSync(file, { force: true });
  return key;
}

/** For `bahi secret export`: the key kept in the database, else (embedded engine) the key file's; null when neither holds one. */
export async function keptSealingKey(database: Database, dataDir: string): Promise<string | null> {
  return (await readStoredKey(database.db)) ?? (database.engine === 'sqlite' ? readKeyFile(path.join(dataDir, SECRET_KEY_FILE)) : null);
}

async function readStoredKey(db: Db | Tx): Promise<string | null> {
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', STORED_KEY).executeTakeFirst();
  return row?.value ?? null;
}

async function resealAll(tx: Tx, columns: readonly SealedValues[], retired: readonly string[], key: string) {
  const counts: Record<string, number> = {};
  for (const column of columns) {
    const reseal = resealer(retired.map((k) => secretBox(k, column.purpose)), secretBox(key, column.purpose));
    let resealed = 0;
    let unopened = 0;
    for (const value of await column.read(tx)) {
      const next = reseal(value.sealed, value.boundTo);
      // One no key opens was unusable before too; it stays as it was.
      if (next === null) unopened += 1;
      else if (next !== value.sealed) {
        await value.replace(next);
        resealed += 1;
      }
    }
    counts[`${column.name}_resealed`] = resealed;
    if (unopened > 0) counts[`${column.name}_unopened`] = unopened;
  }
  return counts;
}

function readKeyFile(file: string): string | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = text.trim();
  if (!key) throw new Error(`${file} is empty: restore the key it held, or set BAHI_SECRET`);
  return key;
}

/**
 * Writes the key file whole or not at all: a temporary file (0600), flushed, then linked into
 * place, which fails if another process got there first; its key is then the one returned.
 */
function writeKeyFile(file: string, key: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.rmSync(temporary, { force: true });
  const fd = fs.openSync(temporary, 'w', 0o600);
  try {
    fs.writeSync(fd, `${key}\n`);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  try {
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return readKeyFile(file)!;
}
