/** Driver errors are recognised here and nowhere else. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** PostgreSQL serialization failures and deadlocks: safe to retry the whole transaction. */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '40001' || code === '40P01';
}

/*
 * The database cannot take the request now, for a reason that is not the request's: a dropped
 * or refused connection, a server starting, stopping or in recovery, a full disk, too many
 * connections. Retrying later, with the same Idempotency-Key, is safe: the transaction rolled
 * back (or, when the connection dropped at COMMIT, its idempotency record committed with it).
 */

/** SQLSTATE classes and codes: 08 connection exception, 53 insufficient resources (53100 disk full: "could not extend file"), 57P01-57P03 shutdown and start-up, 25006 a read-only (recovering) server, 58 system I/O. */
const UNAVAILABLE_SQLSTATE = /^(08|53|58)|^57P0[1-3]$|^25006$/;
/** Node's system errors: pg's sockets while connecting or mid-query, and the disk under SQLite. */
const UNAVAILABLE_SYSTEM = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EIO', 'ENOSPC', 'EDQUOT', 'EROFS',
]);
/** better-sqlite3's codes (extended ones start with the primary: SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED …). */
const UNAVAILABLE_SQLITE = /^SQLITE_(FULL|IOERR|READONLY|BUSY|CANTOPEN|NOMEM|PROTOCOL|ABORT)/;
/** pg's own errors carry no code, only these messages: a client whose socket died, or a pool that found no client in time. */
const UNAVAILABLE_PG_MESSAGE = /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect|Connection terminated due to connection timeout)/;

/** Also through `cause`: a wrapping error answers as the one it wraps. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SYSTEM.has(code) || UNAVAILABLE_SQLITE.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.test(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_PG_MESSAGE.test(message)) return true;
  return cause !== error && isDatabaseUnavailable(cause);
}

/** What a log line says of a driver error: its code and message (a pg error object carries the whole server response). */
export function describeDriverError(error: unknown): { code?: unknown; message: string } {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return { code, message: String(message ?? error) };
}
