import type { Db, Tx } from '../../db/database';
import type { ImportIssuesTable, ImportsTable } from '../../db/import-schema';
import type { CursorPosition } from '../../kernel/cursor';

export type ImportRow = ImportsTable;
export type ImportIssueRow = ImportIssuesTable;

/** The counts a run keeps as it goes. */
export type ImportCounts = Pick<ImportRow, 'processed_rows' | 'created_count' | 'already_imported_count' | 'skipped_count' | 'failed_count'>;

/** The imports tables (migration 060). */
export const importsStore = {
  async insert(tx: Tx, row: ImportRow) {
    await tx.insertInto('imports').values(row).execute();
  },

  find(db: Db | Tx, orgId: string, importId: string) {
    return db.selectFrom('imports').selectAll().where('org_id', '=', orgId).where('import_id', '=', importId).executeTakeFirst();
  },

  list(db: Db, orgId: string, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('imports').selectAll().where('org_id', '=', orgId);
    if (after) query = query.where('import_id', '<', String(after[0]));
    return query.orderBy('import_id', 'desc').limit(limit + 1).execute();
  },

  /** The oldest queued run of any organisation. */
  nextQueued(db: Db) {
    return db.selectFrom('imports').select(['org_id', 'import_id']).where('status', '=', 'QUEUED').orderBy('created_time').limit(1).executeTakeFirst();
  },

  /** QUEUED → RUNNING, only if still queued: of two processes reaching for one run, one gets it. */
  async claim(db: Db | Tx, orgId: string, importId: string, now: string): Promise<boolean> {
    const result = await db.updateTable('imports').set({ status: 'RUNNING', started_time: now })
      .where('org_id', '=', orgId).where('import_id', '=', importId).where('status', '=', 'QUEUED').executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async update(db: Db | Tx, orgId: string, importId: string, changes: Partial<ImportRow>) {
    await db.updateTable('imports').set(changes).where('org_id', '=', orgId).where('import_id', '=', importId).execute();
  },

  async insertIssues(db: Db | Tx, issues: readonly ImportIssueRow[]) {
    // A batch at a time: a few hundred rows stay under either engine's bound on parameters.
    for (let at = 0; at < issues.length; at += 200) await db.insertInto('import_issues').values(issues.slice(at, at + 200)).execute();
  },

  issues(db: Db, orgId: string, importId: string) {
    return db.selectFrom('import_issues').selectAll().where('org_id', '=', orgId).where('import_id', '=', importId).orderBy('position').execute();
  },

  async keyExists(tx: Tx, orgId: string, kind: string, rowKey: string): Promise<boolean> {
    return (await tx.selectFrom('import_keys').select('row_key').where('org_id', '=', orgId).where('kind', '=', kind).where('row_key', '=', rowKey).executeTakeFirst()) !== undefined;
  },

  async insertKey(tx: Tx, row: { org_id: string; kind: string; row_key: string; entity_type: string; entity_id: string; import_id: string }) {
    await tx.insertInto('import_keys').values(row).execute();
  },
};
