import BetterSqlite3 from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/**
 * A prepared statement. A reader hands back rows as arrays, made into objects by a function
 * generated for its columns: better-sqlite3 builds row objects property by property, which
 * took about half the time of reading a 50-row page.
 */
export interface Prepared {
  statement: BetterSqlite3.Statement;
  toRow: ((values: unknown[]) => unknown) | null;
}

function rowMaker(statement: BetterSqlite3.Statement): (values: unknown[]) => unknown {
  // Later columns of the same name win, as in better-sqlite3's own objects.
  const fields = statement.columns().map((column, i) => `${JSON.stringify(column.name)}: v[${i}]`);
  return new Function('v', `return { ${fields.join(', ')} };`) as (values: unknown[]) => unknown;
}

/** Prepared statements of one connection, cached by SQL text (preparing dominates small queries). */
export class StatementCache {
  private readonly statements = new Map<string, Prepared>();

  constructor(readonly db: BetterSqlite3.Database) {}

  prepare(sql: string): Prepared {
    let prepared = this.statements.get(sql);
    if (!prepared) {
      const statement = this.db.prepare(sql);
      prepared = { statement, toRow: statement.reader ? rowMaker(statement.raw(true)) : null };
      if (this.statements.size > 2000) this.statements.clear();
      this.statements.set(sql, prepared);
    }
    return prepared;
  }

  /** Forgets every statement: after a schema change, `select *` may have other columns. */
  clear(): void {
    this.statements.clear();
  }

  run<R>({ statement, toRow }: Prepared, parameters: readonly unknown[]): QueryResult<R> {
    if (toRow) return { rows: (statement.all(parameters) as unknown[][]).map(toRow) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      rows: [],
      numAffectedRows: BigInt(changes),
      insertId: lastInsertRowid === undefined ? undefined : BigInt(lastInsertRowid),
    };
  }

  *iterate<R>({ statement, toRow }: Prepared, parameters: readonly unknown[]): IterableIterator<R> {
    for (const values of statement.iterate(parameters)) yield (toRow ? toRow(values as unknown[]) : values) as R;
  }

  exec(sql: string): void {
    this.prepare(sql).statement.run();
  }
}
