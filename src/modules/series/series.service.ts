import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { invalidValue, notFound } from '../../kernel/errors';
import { istDateOf, type LocalDate } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { seriesRepository as repo, type SeriesRow } from './series.repository';
import { DEFAULT_SERIES, DEFAULT_SERIES_OF, formatLegacyNumber, formatNumber, fyOf, legacyCounterKey, seriesCounterKey, type SeriesDocumentType } from './series.rules';
import { seriesShapeFault, withinRule46 } from './number-length.rules';
import type { CreateSeriesBody, NextNumberQuery, SeriesListQuery } from './series.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids'>;

export interface NumberRequest {
  /** What is numbered; invoice when not said. */
  documentType?: SeriesDocumentType;
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

  async function pick(executor: Db | Tx, orgId: string, branchId: string, type: SeriesDocumentType, name: string, date: LocalDate) {
    const rows = await repo.applicable(executor, orgId, branchId, type, date);
    return rows.find((r) => r.series_name === name) ?? null;
  }

  /** Materialises the virtual default series of a kind of document in a branch the first time it numbers one. */
  async function defaultSeries(tx: Tx, orgId: string, branchId: string, type: SeriesDocumentType): Promise<SeriesRow> {
    const d = DEFAULT_SERIES_OF[type];
    const row: SeriesRow = {
      org_id: orgId, series_id: deps.ids.next('ser'), branch_id: branchId, period_id: null, series_name: d.series_name,
      label: d.label, prefix: d.prefix, padding: d.padding, format_template: d.format_template, is_default: 1,
      document_type: type, created_time: deps.clock.now().toISOString(),
    };
    await repo.insert(tx, row);
    return row;
  }

  const api = {
    branchOf,

    /**
     * Numbers a document inside the caller's transaction, with the next number of the named
     * series of the branch for its kind, or (invoices) legacy date-based numbering when the name is unknown: the
     * request claims it (records the document). Numbers an explicit invoice_number already
     * took are skipped. A number past 16 characters is 409 before anything is claimed. On
     * PostgreSQL the counter's row stays locked until the caller commits, so the fewer
     * statements after this, the more documents a second.
     */
    async takeNumber(tx: Tx, orgId: string, request: NumberRequest): Promise<{ number: string; seriesId: string | null }> {
      const type = request.documentType ?? 'invoice';
      let series = await pick(tx, orgId, request.branchId, type, request.seriesName, request.date);
      if (!series && request.seriesName === DEFAULT_SERIES.series_name) series = { ...(await defaultSeries(tx, orgId, request.branchId, type)), period_start: null };
      for (;;) {
        let number: string;
        if (series) {
          const fy = fyOf(request.date, series.period_start);
          number = formatNumber(series, await repo.take(tx, orgId, seriesCounterKey(series, fy)), fy);
        } else {
          number = formatLegacyNumber(request.date, await repo.take(tx, orgId, legacyCounterKey(request.date)));
        }
        withinRule46(request.seriesName, number);
        const seriesId = series?.series_id ?? null;
        if (await request.claim(number, seriesId)) return { number, seriesId };
      }
    },

    /**
     * The next number of a credit note, estimate or order: from its branch's default series of
     * its kind, inside the caller's transaction (a rollback gives the number back).
     */
    async takeIssuedNumber(tx: Tx, orgId: string, documentType: Exclude<SeriesDocumentType, 'invoice'>, branchId: string, date: LocalDate): Promise<string> {
      const { number } = await api.takeNumber(tx, orgId, { documentType, branchId, seriesName: DEFAULT_SERIES.series_name, date, claim: async () => true });
      return number;
    },

    async listSeries(ctx: RequestContext, query: SeriesListQuery) {
      const date = query.transactionDate ?? today();
      const type = query.documentType ?? 'invoice';
      const virtual = DEFAULT_SERIES_OF[type];
      const { branch_id: branchId } = await branchOf(db, ctx.orgId, query.branchId);
      const [rows, period] = await Promise.all([repo.applicable(db, ctx.orgId, branchId, type, date), repo.coveringPeriod(db, ctx.orgId, date)]);
      const seen = new Set<string>();
      const series = rows.filter((r) => !seen.has(r.series_name) && seen.add(r.series_name)).map((r) => ({
        seriesName: r.series_name, label: r.label, prefix: r.prefix, isDefault: r.series_name === DEFAULT_SERIES.series_name,
        periodId: r.period_id ?? period?.period_id ?? null, documentType: type,
      }));
      if (!seen.has(virtual.series_name)) {
        series.unshift({ seriesName: virtual.series_name, label: virtual.label, prefix: virtual.prefix, isDefault: true, periodId: period?.period_id ?? null, documentType: type });
      }
      return { series, branchId: query.branchId ?? null };
    },

    /** Peeks at the number the next document would take; consumes nothing. */
    async nextNumber(ctx: RequestContext, query: NextNumberQuery) {
      const date = query.transactionDate ?? today();
      const type = query.documentType ?? 'invoice';
      const name = query.series ?? DEFAULT_SERIES.series_name;
      const { branch_id: branchId } = await branchOf(db, ctx.orgId, query.branchId);
      const series = await pick(db, ctx.orgId, branchId, type, name, date);
      let next: string;
      if (!series && name !== DEFAULT_SERIES.series_name) {
        // Only invoices fall back to legacy numbers; the other kinds number from their default series alone.
        if (type !== 'invoice') throw invalidValue('series', `no ${type} series named ${name} applies to this branch on ${date}`);
        next = formatLegacyNumber(date, await repo.peek(db, ctx.orgId, legacyCounterKey(date)));
      } else {
        const fy = fyOf(date, series?.period_start ?? null);
        // A branch whose default series is still virtual starts at 1.
        const value = series ? await repo.peek(db, ctx.orgId, seriesCounterKey(series, fy)) : 1;
        next = formatNumber(series ?? DEFAULT_SERIES_OF[type], value, fy);
      }
      // A number the next create could not issue is not shown as the next one.
      return { next_number: withinRule46(name, next), series: name, branch_id: branchId, document_type: type };
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
          is_default: input.series_name === DEFAULT_SERIES.series_name ? 1 : 0, document_type: input.document_type ?? 'invoice',
          created_time: deps.clock.now().toISOString(),
        };
        try {
          await repo.insert(tx, row);
        } catch (error) {
          if (isUniqueViolation(error)) throw invalidValue('series_name', 'a series with this name exists for this branch, period and document_type');
          throw error;
        }
        return {
          series: {
            id: row.series_id, series_name: row.series_name, label: row.label, prefix: row.prefix,
            is_default: row.is_default === 1, period_id: row.period_id, branch_id: row.branch_id,
            padding: row.padding, format_template: row.format_template, document_type: row.document_type as SeriesDocumentType,
          },
        };
      });
    },
  };
  return api;
}

export type SeriesService = ReturnType<typeof seriesService>;
