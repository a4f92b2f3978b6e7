import type { Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { istDateOf } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { GstReturn } from '../../platform/orgs/filed-returns.rules';
import { assertFilingDay, filedPeriod } from './filed-period.rules';
import { presentFiling } from './filed-returns.reader';
import { filingRow, holdPostings, reopenFiling, saveFiling } from './filed-returns.store';
import type { FiledReturn, FiledReturnParams, MarkFiledBody } from './filed-returns.schemas';
import { branchesOfGstin } from './gstin-branches';

type Key = FiledReturnParams & { return: GstReturn };

/** Marking a GST return filed and reopening it (docs/rules/returns-gstr1-gstr3b.md, "A filed return"), each in the activity log. */
export function filedReturnsService(deps: Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'activity'>) {
  /** The GSTIN normalised, its branches (404 when not the organisation's) and the period's days (400). */
  async function resolve(tx: Tx, orgId: string, key: Key) {
    const period = filedPeriod(key.return, key.period);
    const { gstin, branches } = await branchesOfGstin(tx, orgId, key.gstin);
    return { key: { gstin, return: key.return, period: key.period }, period, branches };
  }

  /** RETURN_FILED or RETURN_REOPENED on the organisation's timeline: which return, and its ARN and day before and after. */
  const record = (tx: Tx, ctx: RequestContext, action: string, key: Key, was: { arn: string; filed_on: string } | undefined, now: { arn: string; filed_on: string } | null) =>
    deps.activity.record(tx, ctx, {
      entityType: 'ORGANISATION', entityId: ctx.orgId, action, metadata: { gstin: key.gstin, return: key.return, period: key.period },
      changes: { arn: { old: was?.arn ?? null, new: now?.arn ?? null }, filed_on: { old: was?.filed_on ?? null, new: now?.filed_on ?? null } },
    });

  return {
    /** Marks filed, or updates the ARN or day; the same ARN again keeps the time first marked. */
    async mark(ctx: RequestContext, params: FiledReturnParams, body: MarkFiledBody): Promise<{ filed_return: FiledReturn }> {
      return deps.uow(ctx, async (tx) => {
        const { key, period, branches } = await resolve(tx, ctx.orgId, { ...params, return: body.return });
        assertFilingDay(body.filed_on, period, istDateOf(deps.clock.now()));
        await holdPostings(tx, ctx.orgId);
        const arn = body.arn.toUpperCase();
        const now = deps.clock.now().toISOString();
        const before = await filingRow(tx, ctx.orgId, key);
        const unchanged = before && before.reopened_time === null && before.arn === arn && before.filed_on === body.filed_on;
        if (before && unchanged) return { filed_return: await presentFiling(tx, before, branches) };
        const row = {
          org_id: ctx.orgId, gstin: key.gstin, return_type: key.return, period: key.period, from_date: period.from, to_date: period.to,
          arn, filed_on: body.filed_on, marked_time: before?.arn === arn ? before.marked_time : now, reopened_time: null, last_modified_time: now,
        };
        await saveFiling(tx, row, before !== undefined);
        await record(tx, ctx, 'RETURN_FILED', key, before?.reopened_time === null ? before : undefined, row);
        return { filed_return: await presentFiling(tx, row, branches) };
      });
    },

    async get(ctx: RequestContext, key: Key): Promise<{ filed_return: FiledReturn }> {
      return deps.database.transaction(async (tx) => {
        const { key: found, branches } = await resolve(tx, ctx.orgId, key);
        const row = await filingRow(tx, ctx.orgId, found);
        if (!row || row.reopened_time !== null) throw notFound(`${key.return} filing`, 'period');
        return { filed_return: await presentFiling(tx, row, branches) };
      });
    },

    /** Reopens a filed return: it refuses nothing until marked filed again. 404 when not filed. */
    async reopen(ctx: RequestContext, key: Key): Promise<{ filed_return: FiledReturn }> {
      return deps.uow(ctx, async (tx) => {
        const { key: found, branches } = await resolve(tx, ctx.orgId, key);
        const row = await filingRow(tx, ctx.orgId, found);
        if (!row || row.reopened_time !== null) throw notFound(`${key.return} filing`, 'period');
        const now = deps.clock.now().toISOString();
        await reopenFiling(tx, ctx.orgId, found, now);
        await record(tx, ctx, 'RETURN_REOPENED', found, row, null);
        return { filed_return: await presentFiling(tx, { ...row, reopened_time: now, last_modified_time: now }, branches) };
      });
    },
  };
}

export type FiledReturnsService = ReturnType<typeof filedReturnsService>;
