import type { Db, Tx } from '../../db/database';
import { invalidState, notFound } from '../../kernel/errors';
import { istDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { reconciliationStatement } from './reconciliation-statement.rules';
import { presentReconciliation, presentStatement, settledLineOf } from './reconciliation.presenter';
import { reconciliationReader as reader } from './reconciliation.reader';
import { assertStatementDate, reconciliationFigures } from './reconciliation.rules';
import type { BankReconciliationQuery, CreateReconciliationBody } from './reconciliation.schemas';
import { reconciliationStore as store, type ReconciliationRow } from './reconciliation.store';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events'>;

/**
 * Reconciliations of an account to its bank statement (docs/rules/banking.md, "Reconciliation"):
 * one open at a time per account, closed when its difference is 0, reopened latest first.
 */
export function bankReconciliationService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();

  /** The account's last closed reconciliation (by statement date). */
  const lastClosed = (rows: readonly ReconciliationRow[]) => rows.find((r) => r.status === 'CLOSED') ?? null;

  async function load(executor: Db | Tx, ctx: RequestContext, accountId: string, reconciliationId: string) {
    const row = await store.find(executor, ctx.orgId, accountId, reconciliationId);
    if (!row) throw notFound('reconciliation', 'bank_reconciliation_id');
    return row;
  }

  /** A reconciliation's figures and lines: an open one's worked out now, a closed one's as it settled them. */
  async function figuresOf(executor: Db | Tx, row: ReconciliationRow) {
    if (row.status === 'CLOSED') return { summary: presentReconciliation(row, null), lines: (await store.linesOf(executor, row)).map(settledLineOf) };
    const figures = reconciliationFigures(await reader.ties(executor, row.org_id, row.account_id), row.statement_date, Number(row.closing_balance));
    return { summary: presentReconciliation(row, { cleared: figures.cleared, lineCount: figures.lines.length }), lines: figures.lines.map(settledLineOf) };
  }

  const view = async (executor: Db | Tx, row: ReconciliationRow) => {
    const { summary, lines } = await figuresOf(executor, row);
    return { ...summary, lines };
  };

  async function record(tx: Tx, ctx: RequestContext, row: ReconciliationRow, verb: 'CLOSED' | 'REOPENED', metadata: Record<string, unknown>) {
    await deps.activity.record(tx, ctx, {
      entityType: 'BANK_RECONCILIATION', entityId: row.reconciliation_id, entityRef: row.statement_date, verb,
      metadata: { account_id: row.account_id, statement_date: row.statement_date, ...metadata },
    });
  }

  return {
    /**
     * The account's reconciliation to a statement date. An account has one open at a time:
     * posting again while one is open sets its date and closing balance.
     */
    create: (ctx: RequestContext, accountId: string, body: CreateReconciliationBody) => deps.uow(ctx, async (tx) => {
      await reader.account(tx, ctx.orgId, accountId, true);
      const rows = await store.list(tx, ctx.orgId, accountId);
      assertStatementDate(body.statement_date, lastClosed(rows)?.statement_date ?? null, istDateOf(deps.clock.now()));
      const open = rows.find((r) => r.status === 'OPEN');
      const at = now();
      const fields = { statement_date: body.statement_date, closing_balance: toPaise(body.closing_balance), updated_time: at };
      let row: ReconciliationRow;
      if (open) {
        row = { ...open, ...fields, version: open.version + 1 };
        await store.update(tx, row);
      } else {
        row = {
          org_id: ctx.orgId, reconciliation_id: deps.ids.next('brc'), account_id: accountId, ...fields, status: 'OPEN',
          cleared_balance: null, lines: null, closed_time: null, reopened_time: null, version: 1, created_time: at,
        };
        await store.insert(tx, row);
      }
      return { reconciliation: await view(tx, row) };
    }),

    async list(ctx: RequestContext, accountId: string) {
      await reader.account(db, ctx.orgId, accountId);
      const rows = await store.list(db, ctx.orgId, accountId);
      const reconciliations = [];
      for (const row of rows) reconciliations.push((await figuresOf(db, row)).summary);
      return { reconciliations };
    },

    async get(ctx: RequestContext, accountId: string, reconciliationId: string) {
      await reader.account(db, ctx.orgId, accountId);
      return { reconciliation: await view(db, await load(db, ctx, accountId, reconciliationId)) };
    },

    /**
     * Closes an open reconciliation whose difference is 0: its lines are stamped with it, so
     * they, and the entries matched to them, stay as they are until it is reopened.
     */
    close: (ctx: RequestContext, accountId: string, reconciliationId: string) => deps.uow(ctx, async (tx) => {
      await reader.account(tx, ctx.orgId, accountId, true);
      const row = await load(tx, ctx, accountId, reconciliationId);
      if (row.status !== 'OPEN') throw invalidState('the reconciliation is already closed', { status: row.status });
      const closing = Number(row.closing_balance);
      const figures = reconciliationFigures(await reader.ties(tx, ctx.orgId, accountId), row.statement_date, closing);
      if (figures.difference !== 0) {
        throw invalidState(`the cleared balance ${toRupees(figures.cleared)} differs from the closing balance ${toRupees(closing)} by ${toRupees(figures.difference)}; match or exclude the lines that make it`, {
          difference: toRupees(figures.difference), cleared_balance: toRupees(figures.cleared), closing_balance: toRupees(closing),
        });
      }
      const at = now();
      const closed: ReconciliationRow = {
        ...row, status: 'CLOSED', cleared_balance: figures.cleared, lines: figures.lines.length, closed_time: at, updated_time: at, version: row.version + 1,
      };
      await store.stampLines(tx, closed, figures.lines.map((l) => l.id), at);
      await store.update(tx, closed);
      await record(tx, ctx, closed, 'CLOSED', { closing_balance: toRupees(closing), lines: figures.lines.length });
      await deps.events.emit(tx, ctx, 'BANK_RECONCILIATION_CLOSED', {
        account_id: accountId, reconciliation_id: row.reconciliation_id, date: row.statement_date, closing_balance: toRupees(closing),
      });
      return { reconciliation: await view(tx, closed) };
    }),

    /**
     * Reopens the account's latest closed reconciliation: its lines are no longer settled. An
     * open one of the account settles nothing, so the reopened one takes its place.
     */
    reopen: (ctx: RequestContext, accountId: string, reconciliationId: string) => deps.uow(ctx, async (tx) => {
      await reader.account(tx, ctx.orgId, accountId, true);
      const row = await load(tx, ctx, accountId, reconciliationId);
      const rows = await store.list(tx, ctx.orgId, accountId);
      const latest = lastClosed(rows);
      if (row.status !== 'CLOSED') throw invalidState('only a closed reconciliation can be reopened', { status: row.status });
      if (latest?.reconciliation_id !== row.reconciliation_id) {
        throw invalidState(`only the account's latest closed reconciliation (${latest?.statement_date}) can be reopened`, { latest_reconciliation_id: latest?.reconciliation_id });
      }
      const draft = rows.find((r) => r.status === 'OPEN');
      if (draft) await store.remove(tx, draft);
      const at = now();
      const reopened: ReconciliationRow = { ...row, status: 'OPEN', cleared_balance: null, lines: null, reopened_time: at, updated_time: at, version: row.version + 1 };
      await store.clearLines(tx, row, at);
      await store.update(tx, reopened);
      await record(tx, ctx, reopened, 'REOPENED', { replaced_open_reconciliation_id: draft?.reconciliation_id ?? null });
      return { reconciliation: await view(tx, reopened) };
    }),

    /** The bank reconciliation statement of an account on a date. */
    async report(ctx: RequestContext, query: BankReconciliationQuery) {
      const account = await reader.account(db, ctx.orgId, query.account_id);
      return presentStatement(account, reconciliationStatement(await reader.ties(db, ctx.orgId, query.account_id), query.date));
    },
  };
}

export type BankReconciliationService = ReturnType<typeof bankReconciliationService>;
