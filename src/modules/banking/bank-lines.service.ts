import { DomainError, invalidState, notFound, requiredField } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { cursorPage, readCursor } from '../../platform/pagination';
import { presentBankLine, type LineMatchRow } from './bank-lines.presenter';
import type { ExcludeBankLineBody, ListBankLinesQuery } from './bank-lines.schemas';
import { bankLinesStore as store, type BankLineFilter } from './bank-lines.store';
import type { StatementImportService } from './statement-import.service';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'activity' | 'cursors'> & { statements: Pick<StatementImportService, 'assertStatementAccount'> };

const LIST = 'bank_transactions';

/** A reconciled line is settled: nothing about it changes until its reconciliation is reopened (docs/rules/banking.md, "Reconciliation"). */
const reconciled = (id: string) => new DomainError('conflict.reconciled', `the line is in reconciliation ${id}: reopen it first`, { details: { reconciliation_id: id } });

/** An account's bank lines: listed, read, excluded from matching and restored (docs/rules/banking.md, "Bank lines"). */
export function bankLinesService(deps: Deps) {
  const db = deps.database.db;

  async function filterOf(ctx: RequestContext, query: ListBankLinesQuery): Promise<BankLineFilter> {
    await deps.statements.assertStatementAccount(ctx, query.account_id);
    return { accountId: query.account_id, status: query.status?.toUpperCase(), from: query.from_date, to: query.to_date };
  }

  const withMatches = async (orgId: string, rows: Awaited<ReturnType<typeof store.list>>) => {
    const byLine = new Map<string, LineMatchRow[]>();
    const pairs = await store.matchesOf(db, orgId, rows.filter((r) => r.status === 'MATCHED').map((r) => r.bank_transaction_id));
    const byGroup = new Map<string, LineMatchRow[]>();
    for (const p of pairs) byGroup.set(p.match_group_id, [...(byGroup.get(p.match_group_id) ?? []), p]);
    for (const p of pairs) byLine.set(p.bank_transaction_id, byGroup.get(p.match_group_id)!);
    return rows.map((r) => presentBankLine(r, byLine.get(r.bank_transaction_id) ?? []));
  };

  /** Excludes or restores a line in one transaction with its activity row. */
  const change = (ctx: RequestContext, lineId: string, to: 'EXCLUDED' | 'UNMATCHED', reason: string | null) => deps.uow(ctx, async (tx) => {
    const row = await store.find(tx, ctx.orgId, lineId, true);
    if (!row) throw notFound('bank transaction', 'bank_transaction_id');
    if (row.reconciliation_id !== null) throw reconciled(row.reconciliation_id);
    const from = to === 'EXCLUDED' ? 'UNMATCHED' : 'EXCLUDED';
    if (row.status !== from) {
      throw invalidState(to === 'EXCLUDED' ? `only an unmatched line can be excluded; this one is ${row.status}` : `only an excluded line can be restored; this one is ${row.status}`, { status: row.status });
    }
    const now = deps.clock.now().toISOString();
    if (!(await store.setStatus(tx, row, to, reason, now))) throw invalidState('the line changed meanwhile; read it and try again');
    await deps.activity.record(tx, ctx, {
      entityType: 'BANK_TRANSACTION', entityId: lineId, entityRef: row.reference, verb: to === 'EXCLUDED' ? 'EXCLUDED' : 'RESTORED',
      changes: { status: { old: row.status, new: to }, exclude_reason: { old: row.exclude_reason, new: reason } },
      metadata: { account_id: row.account_id },
    });
    return { bank_transaction: presentBankLine({ ...row, status: to, exclude_reason: reason, version: Number(row.version) + 1, updated_time: now }) };
  });

  return {
    async list(ctx: RequestContext, query: ListBankLinesQuery) {
      const filter = await filterOf(ctx, query);
      const { perPage, after } = readCursor(deps.cursors, LIST, query);
      const page = cursorPage(deps.cursors, LIST, await store.list(db, ctx.orgId, filter, after, perPage), perPage, (r) => [Number(r.sequence)]);
      return { bank_transactions: await withMatches(ctx.orgId, page.items), page_context: page.page_context };
    },

    /** Every line of the filter, as the CSV lists them. */
    async all(ctx: RequestContext, query: ListBankLinesQuery) {
      return store.list(db, ctx.orgId, await filterOf(ctx, query), null, null);
    },

    async get(ctx: RequestContext, lineId: string) {
      const row = await store.find(db, ctx.orgId, lineId);
      if (!row) throw notFound('bank transaction', 'bank_transaction_id');
      return { bank_transaction: (await withMatches(ctx.orgId, [row]))[0]! };
    },

    exclude: (ctx: RequestContext, lineId: string, body: ExcludeBankLineBody) => {
      const reason = body.reason.trim();
      if (reason === '') throw requiredField('reason', 'reason is required: say why the line is excluded');
      return change(ctx, lineId, 'EXCLUDED', reason);
    },
    restore: (ctx: RequestContext, lineId: string) => change(ctx, lineId, 'UNMATCHED', null),
  };
}

export type BankLinesService = ReturnType<typeof bankLinesService>;
