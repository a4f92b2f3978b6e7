import {
  CompiledQuery, PostgresDialect, type DatabaseConnection, type Driver, type PostgresDialectConfig, type QueryResult, type TransactionSettings,
} from 'kysely';

/*
 * On PostgreSQL every statement costs a round trip and, inside the server, parsing,
 * planning and protocol work that outweigh executing a small insert several times over
 * (docs/benchmarks.md, "What bounds each figure"). The tail of a use case is a run of
 * inserts that nothing in the transaction reads back or expects an error from: its journal,
 * activity, outbox event and idempotency record. Those inserts may be marked batchable. Inside
 * a transaction, a batchable insert is held back and sent with the others of its run as one
 * statement (`WITH b1 AS (INSERT …), b2 AS (INSERT …) INSERT …`) just before the
 * transaction's next statement or its COMMIT. So every later read sees the rows, the order of
 * the writes is kept, and the one difference is when a failure shows: at that next statement,
 * and the transaction rolls back as it would have. SQLite runs them at once, as any insert.
 */

/** PostgreSQL numbers a statement's parameters with 16 bits. */
const MAX_PARAMETERS = 65_535;

const batchable = new WeakSet<CompiledQuery>();

/**
 * Marks a compiled plain INSERT (with or without ON CONFLICT … DO UPDATE, no RETURNING) as one
 * that may be sent with the transaction's next statement. Its caller gets no rows and no count.
 */
export function asBatchable<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  if (!query.sql.startsWith('insert into ') || query.sql.includes(' returning ') || query.sql.includes(' do nothing')) {
    // A caller that reads what its insert returned or did must see it at once.
    throw new Error(`only a plain insert can be batched: ${query.sql.slice(0, 80)}`);
  }
  batchable.add(query);
  return query;
}

/** Several inserts as one statement: each but the last in a WITH clause, their parameters renumbered in turn. */
export function combineInserts(queries: readonly CompiledQuery[]): CompiledQuery {
  if (queries.length === 1) return queries[0]!;
  const parameters: unknown[] = [];
  const parts = queries.map((query) => {
    const offset = parameters.length;
    parameters.push(...query.parameters);
    // Kysely writes every value as a $n parameter and quotes every identifier, so a `$` followed by digits is always one.
    return offset === 0 ? query.sql : query.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = parts.pop()!;
  return CompiledQuery.raw(`with ${parts.map((sql, i) => `b${i} as (${sql})`).join(', ')} ${last}`, parameters);
}

class BatchingConnection implements DatabaseConnection {
  private held: CompiledQuery[] = [];
  private heldParameters = 0;
  inTransaction = false;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (!this.inTransaction || !batchable.has(query)) {
      await this.flush();
      return this.inner.executeQuery<R>(query);
    }
    if (this.heldParameters + query.parameters.length > MAX_PARAMETERS) await this.flush();
    this.held.push(query);
    this.heldParameters += query.parameters.length;
    return { rows: [] };
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    await this.flush();
    yield* this.inner.streamQuery<R>(query, chunkSize);
  }

  /** Sends the held inserts, if any. */
  async flush(): Promise<void> {
    if (this.held.length === 0) return;
    const batch = combineInserts(this.held);
    this.discard();
    await this.inner.executeQuery(batch);
  }

  discard(): void {
    this.held = [];
    this.heldParameters = 0;
  }
}

class BatchingDriver implements Driver {
  private readonly wrappers = new WeakMap<DatabaseConnection, BatchingConnection>();

  constructor(private readonly inner: Driver) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    let wrapper = this.wrappers.get(connection);
    if (!wrapper) this.wrappers.set(connection, (wrapper = new BatchingConnection(connection)));
    return wrapper;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as BatchingConnection;
    wrapper.discard();
    wrapper.inTransaction = false;
    await this.inner.releaseConnection(wrapper.inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const wrapper = connection as BatchingConnection;
    await this.inner.beginTransaction(wrapper, settings);
    wrapper.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as BatchingConnection;
    // A failing batch throws here; Kysely then rolls the transaction back.
    await wrapper.flush();
    wrapper.inTransaction = false;
    await this.inner.commitTransaction(wrapper);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const wrapper = connection as BatchingConnection;
    wrapper.discard();
    wrapper.inTransaction = false;
    await this.inner.rollbackTransaction(wrapper);
  }
}

/** Kysely's PostgreSQL dialect, sending a transaction's runs of batchable inserts as one statement each. */
export class BatchingPostgresDialect extends PostgresDialect {
  constructor(config: PostgresDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    return new BatchingDriver(super.createDriver());
  }
}
