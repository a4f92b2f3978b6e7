import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { invalidValue, notFound } from '../../kernel/errors';
import { istDateOf, type LocalDate } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { seriesRepository as repo, type SeriesRow } from './series.repository';
import { DEFAULT_SERIES, formatLegacyNumber, formatNumber, fyOf, legacyCounterKey, seriesCounterKey } from './series.rules';
import { seriesShapeFault, withinRule46 } from './number-length.rules';
import type { CreateSeriesBody, NextNumberQuery, SeriesListQuery } from './series.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids'>;

export interface NumberRequest {
  branchId: string;
  seriesName: string;
  date: LocalDate;
  /**
   * Records the document under this number unless the number is already used in the branch
   * (an explicit invoice_number may have taken it): whether it did.
   */
  claim(number: string, seriesId: string | null): Promise<boolean>;
}

/** Branch-scoped invoice number series tied to financial-year periods. */
export function seriesService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());

  async function branchOf(executor: Db | Tx, orgId: string, branchId: string | undefined) {
    const found = await repo.branch(executor, orgId, branchId);
    if (!found) throw notFound('branch', 'branch_id');
    return found;
  }

  async function pick(executor: Db | Tx, orgId: string, branchId: string, name: string, date: LocalDate) {
    const rows = await repo.applicable(executor, orgId, branchId, date);
    return rows.find((r) => r.series_name === name) ?? null;
  }

  /** Materialises the virtual default series of a branch the first time it numbers a document. */
  async function defaultSeries(tx: Tx, orgId: string, branchId: string): Promise<SeriesRow> {
    const row: SeriesRow = {
      org_id: orgId, series_id: deps.ids.next('ser'), branch_id: branchId, period_id: null, series_name: DEFAULT_SERIES.series_name,
      label: DEFAULT_SERIES.label, prefix: DEFAULT_SERIES.prefix, padding: DEFAULT_SERIES.padding,
      format_template: DEFAULT_SERIES.format_template, is_default: 1, created_time: deps.clock.now().toISOString(),
    };
    await repo.insert(tx, row);
    return row;
  }

  return {
    branchOf,

    /**
     * Numbers a document inside the caller's transaction, with the next number of the named
     * series of the branch, or legacy date-based numbering when the name is unknown: the
     * request claims it (records the document). Numbers an explicit invoice_number already
     * took are skipped. A number past 16 characters is 409 before anything is claimed. On
     * PostgreSQL the counter's row stays locked until the caller commits, so the fewer
     * statements after this, the more documents a second.
     */
    async takeNumber(tx: Tx, orgId: string, request: NumberRequest): Promise<{ number: string; seriesId: string | null }> {
      let series = await pick(tx, orgId, request.branchId, request.seriesName, request.date);
      if (!series && request.seriesName === DEFAULT_SERIES.series_name) series = { ...(await defaultSeries(tx, orgId, request.branchId)), period_start: null };
      for (;;) {
        let number: string;
        if (series) {
          const fy = fyOf(request.date, series.period_start);
          number = formatNumber(series, await repo.take(tx, orgId, seriesCounterKey(series.series_id, fy)), fy);
        } else {
          number = formatLegacyNumber(request.date, await repo.take(tx, orgId, legacyCounterKey(request.date)));
        }
        withinRule46(request.seriesName, number);
        const seriesId = series?.series_id ?? null;
        if (await request.claim(number, seriesId)) return { number, seriesId };
      }
    },

    async listSeries(ctx: RequestContext, query: SeriesListQuery) {
      const date = query.transactionDate ?? today();
      const { branch_id: branchId } = await branchOf(db, ctx.orgId, query.branchId);
      const [rows, period] = await Promise.all([repo.applicable(db, ctx.orgId, branchId, date), repo.coveringPeriod(db, ctx.orgId, date)]);
      const seen = new Set<string>();
      const series = rows.filter((r) => !seen.has(r.series_name) && seen.add(r.series_name)).map((r) => ({
        seriesName: r.series_name, label: r.label, prefix: r.prefix, isDefault: r.series_name === DEFAULT_SERIES.series_name,
        periodId: r.period_id ?? period?.period_id ?? null,
      }));
      if (!seen.has(DEFAULT_SERIES.series_name)) {
        series.unshift({ seriesName: DEFAULT_SERIES.series_name, label: DEFAULT_SERIES.label, prefix: DEFAULT_SERIES.prefix, isDefault: true, periodId: period?.period_id ?? null });
      }
      return { series, branchId: query.branchId ?? null };
    },

    /** Peeks at the number the next document would take; consumes nothing. */
    async nextNumber(ctx: RequestContext, query: NextNumberQuery) {
      const date = query.transactionDate ?? today();
      const name = query.series ?? DEFAULT_SERIES.series_name;
      const { branch_id: branchId } = await branchOf(db, ctx.orgId, query.branchId);
      const series = await pick(db, ctx.orgId, branchId, name, date);
      let next: string;
      if (!series && name !== DEFAULT_SERIES.series_name) {
        next = formatLegacyNumber(date, await repo.peek(db, ctx.orgId, legacyCounterKey(date)));
      } else {
        const fy = fyOf(date, series?.period_start ?? null);
        // A branch whose default series is still virtual starts at 1.
        const value = series ? await repo.peek(db, ctx.orgId, seriesCounterKey(series.series_id, fy)) : 1;
        next = formatNumber(series ?? DEFAULT_SERIES, value, fy);
      }
      // A number the next create could not issue is not shown as the next one.
      return { next_number: withinRule46(name, next), series: name, branch_id: branchId };
    },

    async createSeries(ctx: RequestContext, input: CreateSeriesBody) {
      const fault = seriesShapeFault(input);
      if (fault) throw invalidValue(fault.field, fault.message);
      const date = input.transaction_date ?? today();
      return deps.uow(ctx, async (tx) => {
        const { branch_id: branchId } = await branchOf(tx, ctx.orgId, input.branch_id);
        const period = await repo.coveringPeriod(tx, ctx.orgId, date);
        if (!period) throw invalidValue('transaction_date', `no accounting period covers ${date}; create one first`);
        const row: SeriesRow = {
          org_id: ctx.orgId, series_id: deps.ids.next('ser'), branch_id: branchId, period_id: period.period_id,
          series_name: input.series_name, label: input.label ?? input.series_name, prefix: input.prefix,
          padding: input.padding, format_template: input.format_template,
          is_default: input.series_name === DEFAULT_SERIES.series_name ? 1 : 0, created_time: deps.clock.now().toISOString(),
        };
        try {
          await repo.insert(tx, row);
        } catch (error) {
          if (isUniqueViolation(error)) throw invalidValue('series_name', 'a series with this name exists for this branch and period');
          throw error;
        }
        return {
          series: {
            id: row.series_id, series_name: row.series_name, label: row.label, prefix: row.prefix,
            is_default: row.is_default === 1, period_id: row.period_id, branch_id: row.branch_id,
            padding: row.padding, format_template: row.format_template,
          },
        };
      });
    },
  };
}

export type SeriesService = ReturnType<typeof seriesService>;
