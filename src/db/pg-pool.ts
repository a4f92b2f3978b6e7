import pg from 'pg';

/** How long a request waits for a connection before it is answered 503 (not forever, when PostgreSQL is unreachable). */
const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A pg.Pool that survives PostgreSQL going away. pg emits 'error' on a client whose socket
 * dies (a terminated backend, a restart, a failover); the pool listens only while the client
 * is idle, so a client checked out for a transaction would crash the process with an unhandled
 * 'error' event. Every client gets a listener of its own from its first connect: the queries in
 * flight still fail (their transaction is gone), the client is dropped when it is released, and
 * the pool opens a new one for the next request.
 */
export function resilientPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ connectionTimeoutMillis: CONNECT_TIMEOUT_MS, ...config });
  const ignore = () => {};
  pool.on('connect', (client) => client.on('error', ignore));
  // An idle client's error reaches the pool, which has already discarded the client.
  pool.on('error', ignore);
  return pool;
}
