import type { Db, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { invalidValue, notFound } from '../../kernel/errors';
import { financialYearLabel, istDateOf, type LocalDate } from '../../kernel/local-date';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { seriesRepository as repo, type SeriesRow } from './series.repository';
import {
  DEFAULT_SERIES, DEFAULT_SERIES_OF, formatLegacyNumber, formatNumber, fyOf, gstinOfRegistration, legacyCounterKey, registrationOf,
  seriesCounterKey, type SeriesDocumentType,
} from './series.rules';
import { nearlyExhausted, roomOf, seriesShapeFault, withinRule46 } from './number-length.rules';
import { legacyShapes, seriesShapes, sharedNumber } from './number-overlap.rules';
import type { CreateSeriesBody, NextNumberQuery, SeriesListQuery } from './series.schemas';

/** Where a series running out is told to whoever runs the server. */
export interface NumberingLog {
  warn(details: Record<string, unknown>, message: string): void;
}

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'events'> & { log?: NumberingLog };

/** A document being numbered: its branch and date decide the registration and financial year. */
export interface DocumentToNumber {
  branchId: string;
  date: LocalDate;
  /** The document the number goes to, recorded with the number. */
  documentId: string;
}

export interface NumberRequest extends DocumentToNumber {
  /** What is numbered; invoice when not said. */
  documentType?: SeriesDocumentType;
  seriesName: string;
}

type ApplicableSeries = SeriesRow & { period_start: string | null };

/** Number series per registration (the GSTIN branches share), tied to financial-year periods. */
export function seriesService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());

  async function branchOf(executor: Db | Tx, orgId: string, branchId: string | undefined) {
    const found = await repo.branch(executor, orgId, branchId);
    if (!found) throw notFound('branch', 'branch_id');
    return found;
  }

  async function pick(executor: Db | Tx, orgId: string, branchId: string, type: SeriesDocumentType, name: string, date: LocalDate): Promise<ApplicableSeries | null> {
    const rows = await repo.applicable(executor, orgId, branchId, type, date);
    return rows.find((r) => r.series_name === name) ?? null;
  }

  /**
   * Materialises the virtual default series of a kind of document in a branch's registration
   * the first time it numbers one. A concurrent first use may have made it: then that one is used.
   */
  async function defaultSeries(tx: Tx, orgId: string, branchId: string, type: SeriesDocumentType, date: LocalDate): Promise<ApplicableSeries> {
    const d = DEFAULT_SERIES_OF[type];
    const branch = await branchOf(tx, orgId, branchId);
    const row: SeriesRow = {
      org_id: orgId, series_id: deps.ids.next('ser'), branch_id: branchId, period_id: null, series_name: d.series_name,
      label: d.label, prefix: d.prefix, padding: d.padding, format_template: d.format_template, is_default: 1,
      document_type: type, created_time: deps.clock.now().toISOString(), registration: registrationOf(branch),
    };
    if (await repo.insertUnlessExists(tx, row)) return { ...row, period_start: null };
    return (await pick(tx, orgId, branchId, type, d.series_name, date))!;
  }

  /** Records a number as its registration's for the document's kind and year: false when it was already used there. */
  const claim = (tx: Tx, orgId: string, registration: string, documentType: SeriesDocumentType, request: DocumentToNumber, number: string) =>
    repo.claimNumber(tx, {
      org_id: orgId, document_type: documentType, document_id: request.documentId, registration,
      financial_year: financialYearLabel(request.date), document_number: number, branch_id: request.branchId,
      created_time: deps.clock.now().toISOString(), legacy_duplicate: 0, series_id: null, discarded_date: null,
    });

  /**
   * Past 90% of its room in a year, a series says so once that year: SERIES_NEARLY_EXHAUSTED in
   * the number's transaction (a marker counter makes it once), and a warning in the server's log.
   */
  async function watchRoom(tx: Tx, ctx: RequestContext, series: SeriesRow, fy: string, used: number) {
    const room = roomOf(series);
    if (!nearlyExhausted(used, room)) return;
    if (!(await repo.markOnce(tx, ctx.orgId, `nearly-exhausted:${series.series_id}:${fy}`))) return;
    const data = {
      series_id: series.series_id, series_name: series.series_name, branch_id: series.branch_id, gstin: gstinOfRegistration(series.registration),
      financial_year: fy, used, remaining: room - used,
    };
    await deps.events.emit(tx, ctx, 'SERIES_NEARLY_EXHAUSTED', data);
    deps.log?.warn({ org_id: ctx.orgId, ...data }, `series ${series.series_name} has used more than 90% of its ${room} numbers for ${fy}`);
  }

  const api = {
    branchOf,

    /**
     * Numbers a document inside the caller's transaction, with the next number of the named
     * series of its branch's registration for its kind, or (invoices) legacy date-based
     * numbering when the name is unknown, and records the number as the registration's.
     * Numbers already used in the registration that year (an explicit invoice_number, another
     * series) are skipped. A number past 16 characters is 409 before anything is claimed. On
     * PostgreSQL the counter's row stays locked until the caller commits.
     */
    async takeNumber(tx: Tx, ctx: RequestContext, request: NumberRequest): Promise<{ number: string; seriesId: string | null }> {
      const orgId = ctx.orgId;
      const type = request.documentType ?? 'invoice';
      let series = await pick(tx, orgId, request.branchId, type, request.seriesName, request.date);
      if (!series && request.seriesName === DEFAULT_SERIES.series_name) series = await defaultSeries(tx, orgId, request.branchId, type, request.date);
      const registration = series?.registration ?? registrationOf(await branchOf(tx, orgId, request.branchId));
      for (;;) {
        let number: string;
        if (series) {
          const fy = fyOf(request.date, series.period_start);
          const value = await repo.take(tx, orgId, seriesCounterKey(series, fy));
          number = withinRule46(request.seriesName, formatNumber(series, value, fy));
          await watchRoom(tx, ctx, series, fy, value);
        } else {
          number = withinRule46(request.seriesName, formatLegacyNumber(request.date, await repo.take(tx, orgId, legacyCounterKey(request.date))));
        }
        if (await claim(tx, orgId, registration, type, request, number)) return { number, seriesId: series?.series_id ?? null };
      }
    },

    /**
     * Keeps a deleted draft's number taken, with the series and date it had: never reused, and
     * counted as cancelled in GSTR-1's documents issued (docs/rules/returns-gstr1-gstr3b.md, "Documents issued").
     */
    discardNumber: (tx: Tx, orgId: string, documentType: SeriesDocumentType, document: { documentId: string; seriesId: string | null; date: LocalDate }) =>
      repo.discard(tx, orgId, documentType, document),

    /** Records a number given by the caller (an explicit invoice_number): false when its registration already used it that year. */
    async claimGivenNumber(tx: Tx, orgId: string, documentType: SeriesDocumentType, request: DocumentToNumber, number: string): Promise<boolean> {
      return claim(tx, orgId, registrationOf(await branchOf(tx, orgId, request.branchId)), documentType, request, number);
    },

    /**
     * The next number of a credit note, estimate or order: from the default series of its kind
     * of its branch's registration, inside the caller's transaction (a rollback gives it back).
     */
    async takeIssuedNumber(tx: Tx, ctx: RequestContext, documentType: Exclude<SeriesDocumentType, 'invoice'>, branchId: string, date: LocalDate, documentId: string): Promise<string> {
      const { number } = await api.takeNumber(tx, ctx, { documentType, branchId, seriesName: DEFAULT_SERIES.series_name, date, documentId });
      return number;
    },

    async listSeries(ctx: RequestContext, query: SeriesListQuery) {
      const date = query.transactionDate ?? today();
      const type = query.documentType ?? 'invoice';
      const virtual = DEFAULT_SERIES_OF[type];
      const { branch_id: branchId } = await branchOf(db, ctx.orgId, query.branchId);
      const [rows, period] = await Promise.all([repo.applicable(db, ctx.orgId, branchId, type, date), repo.coveringPeriod(db, ctx.orgId, date)]);
      const seen = new Set<string>();
      const applicable = rows.filter((r) => !seen.has(r.series_name) && seen.add(r.series_name));
      const series = await Promise.all(applicable.map(async (r) => {
        const fy = fyOf(date, r.period_start);
        const used = (await repo.peek(db, ctx.orgId, seriesCounterKey(r, fy))) - 1;
        return {
          seriesName: r.series_name, label: r.label, prefix: r.prefix, isDefault: r.series_name === DEFAULT_SERIES.series_name,
          periodId: r.period_id ?? period?.period_id ?? null, documentType: type, remainingThisYear: Math.max(0, roomOf(r) - used),
        };
      }));
      if (!seen.has(virtual.series_name)) {
        series.unshift({
          seriesName: virtual.series_name, label: virtual.label, prefix: virtual.prefix, isDefault: true, periodId: period?.period_id ?? null,
          documentType: type, remainingThisYear: roomOf(virtual),
        });
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
        // A registration whose default series is still virtual starts at 1.
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
      const type = input.document_type ?? 'invoice';
      return deps.uow(ctx, async (tx) => {
        const branch = await branchOf(tx, ctx.orgId, input.branch_id);
        const period = await repo.coveringPeriod(tx, ctx.orgId, date);
        if (!period) throw invalidValue('transaction_date', `no accounting period covers ${date}; create one first`);
        const registration = registrationOf(branch);
        await assertNoSharedNumber(tx, ctx.orgId, registration, type, input, period);
        const row: SeriesRow = {
          org_id: ctx.orgId, series_id: deps.ids.next('ser'), branch_id: branch.branch_id, period_id: period.period_id,
          series_name: input.series_name, label: input.label ?? input.series_name, prefix: input.prefix,
          padding: input.padding, format_template: input.format_template,
          is_default: input.series_name === DEFAULT_SERIES.series_name ? 1 : 0, document_type: type,
          created_time: deps.clock.now().toISOString(), registration,
        };
        try {
          await repo.insert(tx, row);
        } catch (error) {
          if (isUniqueViolation(error)) throw invalidValue('series_name', 'a series with this name exists for this registration, period and document_type');
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

  /**
   * A new series may not be able to issue a number another series of its registration and kind
   * could issue in the same financial year (those unbound or of its period, its kind's default
   * even while virtual, and legacy invoice numbering): 400 on prefix, naming the other series
   * and a number both could write.
   */
  async function assertNoSharedNumber(tx: Tx, orgId: string, registration: string, type: SeriesDocumentType, input: CreateSeriesBody, period: { period_id: string; start_date: string }) {
    const fy = financialYearLabel(period.start_date);
    const others = (await repo.ofRegistration(tx, orgId, registration, type)).filter((s) => s.period_id === null || s.period_id === period.period_id);
    if (others.some((s) => s.series_name === input.series_name && s.period_id === period.period_id)) {
      throw invalidValue('series_name', 'a series with this name exists for this registration, period and document_type');
    }
    const rivals = others.map((s) => ({ name: s.series_name, shapes: seriesShapes(s, fy) }));
    if (!others.some((s) => s.series_name === DEFAULT_SERIES.series_name && s.period_id === null)) {
      rivals.push({ name: DEFAULT_SERIES.series_name, shapes: seriesShapes(DEFAULT_SERIES_OF[type], fy) });
    }
    if (type === 'invoice') rivals.push({ name: '(legacy numbering)', shapes: legacyShapes() });
    const mine = seriesShapes(input, fy);
    for (const rival of rivals) {
      const number = sharedNumber(mine, rival.shapes);
      if (number !== null) {
        throw invalidValue('prefix', `this series could issue ${number}, which series ${rival.name} of the same registration could issue too; a number is issued once per GSTIN and financial year (Rule 46(b))`, {
          details: { series_name: rival.name, number },
        });
      }
    }
  }

  return api;
}

export type SeriesService = ReturnType<typeof seriesService>;
