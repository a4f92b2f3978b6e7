import type { Tx } from '../../db/database';
import { FileReadError } from '../../kernel/file-error';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { Job } from '../../platform/jobs/jobs';
import type { ImportUnit } from './import-unit';
import { unitWriter, type ImportCreators, type UnitOutcome } from './import-unit-writer';
import { importsStore as store, type ImportCounts, type ImportIssueRow, type ImportRow } from './imports.store';
import { nameResolver } from './name-refs';
import type { FileUnits, UnitReaders } from './unit-readers';

/** Rows per transaction: each batch commits its rows (a savepoint each) and the run's progress together. */
export const IMPORT_BATCH_ROWS = 250;

interface Deps extends Pick<PlatformDeps, 'database' | 'clock' | 'activity' | 'events'> {
  creators: ImportCreators;
  readers: UnitReaders;
  batchRows?: number;
  log: { error(details: object, message: string): void };
}

/** Thrown at the end of a dry run's transaction to roll back everything it wrote. */
class DryRunDone extends Error {}

/** The token's context, as the request that started the run had it: each unit is created as that token would create it. */
const runContext = (row: ImportRow): RequestContext => ({
  orgId: row.org_id, tokenId: row.token_id, userId: null, scopes: JSON.parse(row.scopes) as string[], tier: 'SYSTEM',
  requestId: row.import_id, ip: null, userAgent: null, source: 'PUBLIC_API',
});

/** The column of an error's field: the body field with its positions taken out (`line_items[2].rate` → `line_items[].rate`). */
function columnOf(unit: ImportUnit, field: string | undefined): string | null {
  if (!field || !unit.columns) return null;
  return unit.columns[field] ?? unit.columns[field.replace(/\[\d+\]/g, '[]')] ?? null;
}

/**
 * Runs imports in the background (docs/rules/imports.md, "Runs"): a queued run is claimed by one
 * process, its file read into units, and the units written a batch per transaction; a dry run
 * writes them all in one transaction it rolls back, keeping only the run and its issues.
 */
export function importRunner(deps: Deps) {
  const batchRows = deps.batchRows ?? IMPORT_BATCH_ROWS;
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();
  const running = new Set<Promise<void>>();

  function issueOf(row: ImportRow, position: number, unit: ImportUnit, result: Exclude<UnitOutcome, { outcome: 'created' }>): ImportIssueRow {
    const base = { org_id: row.org_id, import_id: row.import_id, position, row_number: unit.row, source: unit.source, outcome: result.outcome };
    if (result.outcome === 'failed') {
      return { ...base, column_name: columnOf(unit, result.error.field), code: result.error.code, field: result.error.field ?? null, message: result.error.message };
    }
    if (result.outcome === 'already_imported') {
      return { ...base, column_name: null, code: 'already_imported', field: null, message: `an earlier import wrote ${unit.key}` };
    }
    return { ...base, column_name: null, code: result.outcome, field: null, message: result.message };
  }

  async function writeAll(row: ImportRow, { units, skipped }: FileUnits): Promise<ImportCounts & { issues: ImportIssueRow[] }> {
    const ctx = runContext(row);
    let current: Tx | null = null;
    const names = nameResolver(() => current!, row.org_id);
    const writeUnit = unitWriter({ creators: deps.creators, importId: row.import_id, ctx, names });
    const counts: ImportCounts = { processed_rows: skipped.length, created_count: 0, already_imported_count: 0, skipped_count: skipped.length, failed_count: 0 };
    // Records left out on purpose are listed first, in the file's order.
    const allIssues: ImportIssueRow[] = skipped.map((record, index) => ({
      org_id: row.org_id, import_id: row.import_id, position: index + 1, row_number: null, source: record.source, outcome: 'skipped',
      column_name: null, code: record.code, field: null, message: record.message,
    }));
    if (!row.dry_run && allIssues.length > 0) await deps.database.transaction((tx) => store.insertIssues(tx, allIssues));
    const writeBatch = async (tx: Tx, batch: readonly ImportUnit[]) => {
      current = tx;
      const issues: ImportIssueRow[] = [];
      for (const unit of batch) {
        const result = await writeUnit(tx, unit);
        counts.processed_rows++;
        if (result.outcome === 'created' || result.outcome === 'imported_as_journal') counts.created_count++;
        if (result.outcome === 'already_imported') counts.already_imported_count++;
        if (result.outcome === 'failed') counts.failed_count++;
        if (result.outcome !== 'created') issues.push(issueOf(row, allIssues.length + issues.length + 1, unit, result));
      }
      allIssues.push(...issues);
      if (!row.dry_run) {
        await store.insertIssues(tx, issues);
        await store.update(tx, row.org_id, row.import_id, counts);
      }
    };
    if (row.dry_run) {
      await deps.database.transaction(async (tx) => {
        await writeBatch(tx, units);
        throw new DryRunDone();
      }).catch((error: unknown) => {
        if (!(error instanceof DryRunDone)) throw error;
      });
    } else {
      for (let at = 0; at < units.length; at += batchRows) {
        await deps.database.transaction((tx) => writeBatch(tx, units.slice(at, at + batchRows)));
      }
    }
    return { ...counts, issues: allIssues };
  }

  async function finish(row: ImportRow, changes: Partial<ImportRow>, issues: readonly ImportIssueRow[] = []) {
    const ctx = runContext(row);
    await deps.database.transaction(async (tx) => {
      if (row.dry_run) await store.insertIssues(tx, issues);
      const done = { ...row, ...changes, finished_time: now() };
      await store.update(tx, row.org_id, row.import_id, { ...changes, finished_time: done.finished_time });
      await deps.activity.record(tx, ctx, {
        entityType: 'IMPORT', entityId: row.import_id, entityRef: row.file_name, verb: done.status,
        metadata: { kind: row.kind, dry_run: row.dry_run === 1, created: done.created_count, already_imported: done.already_imported_count, failed: done.failed_count },
      });
      // A dry run changes nothing in the books: no event.
      if (!row.dry_run) {
        await deps.events.emit(tx, ctx, 'IMPORT_COMPLETED', {
          import_id: row.import_id, kind: row.kind, format: row.format, status: done.status,
          created: done.created_count, already_imported: done.already_imported_count, failed: done.failed_count,
        });
      }
    });
  }

  /** Runs a claimed import to its end: COMPLETED, or FAILED with the reason when its file cannot be read or a write fails outside any unit. */
  async function runClaimed(orgId: string, importId: string): Promise<void> {
    const row = (await store.find(db, orgId, importId))!;
    try {
      const file = await deps.readers.read(row);
      const total = file.units.length + file.skipped.length;
      await deps.database.transaction((tx) => store.update(tx, orgId, importId, { total_rows: total }));
      const { issues, ...counts } = await writeAll({ ...row, total_rows: total }, file);
      await finish(row, { status: 'COMPLETED', total_rows: total, ...counts }, issues);
    } catch (error) {
      const failure = error instanceof FileReadError ? error.message : `the run stopped: ${(error as Error).message}`;
      deps.log.error({ err: error, importId }, 'import failed');
      await finish({ ...row, ...(await store.find(db, orgId, importId)) }, { status: 'FAILED', failure });
    }
  }

  async function claimAndRun(orgId: string, importId: string): Promise<boolean> {
    // Every write is a transaction: on SQLite that waits for the delivery thread's write lock instead of failing at once.
    if (!(await deps.database.transaction((tx) => store.claim(tx, orgId, importId, now())))) return false;
    await runClaimed(orgId, importId);
    return true;
  }

  const job: Job = {
    name: 'imports',
    async run() {
      let ran = 0;
      for (let next = await store.nextQueued(db); next; next = await store.nextQueued(db)) {
        if (await claimAndRun(next.org_id, next.import_id)) ran++;
      }
      return ran;
    },
  };

  return {
    job,
    /** Starts a queued run in this process at once (after its POST commits); a failure is logged, never thrown. */
    start(orgId: string, importId: string): void {
      const run = claimAndRun(orgId, importId).then(() => undefined, (error: unknown) => deps.log.error({ err: error, importId }, 'import run could not start'));
      running.add(run);
      void run.finally(() => running.delete(run));
    },
    /** Waits for the runs this process started (before the database closes). */
    async idle(): Promise<void> {
      await Promise.all([...running]);
    },
  };
}

export type ImportRunner = ReturnType<typeof importRunner>;
