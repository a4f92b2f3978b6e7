import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './driver-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset socket', withCode('ECONNRESET')],
    ['PostgreSQL shutting down (57P01 admin_shutdown)', withCode('57P01', 'terminating connection due to administrator command')],
    ['PostgreSQL starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['a full disk on PostgreSQL (53100, "could not extend file")', withCode('53100', 'could not extend file "base/16384/16385": No space left on device')],
    ['too many connections (53300)', withCode('53300')],
    ['a read-only standby (25006)', withCode('25006')],
    ['SQLite out of space', withCode('SQLITE_FULL')],
    ['an SQLite write error', withCode('SQLITE_IOERR_WRITE')],
    ['a read-only SQLite file', withCode('SQLITE_READONLY')],
    ['an SQLite group rolled back by SQLite itself', withCode('SQLITE_ABORT')],
    ['pg: a socket that died mid-query', new Error('Connection terminated unexpectedly')],
    ['pg: a client no longer queryable', new Error('Client has encountered a connection error and is not queryable')],
    ['pg: no connection from the pool in time', new Error('timeout exceeded when trying to connect')],
    ['a failed SQLite fsync', withCode('SQLITE_IOERR_FSYNC')],
    ['a disk error, through the cause of an error wrapping it', new Error('could not write', { cause: withCode('EIO') })],
  ])('%s is unavailability', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a deadlock (retried, not 503)', withCode('40P01')],
    ['an SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['a wrong password', withCode('28P01')],
    ['nothing at all', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
