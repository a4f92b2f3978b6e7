import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/driver-errors';
import { toJson } from '../../db/json';
import { DomainError, invalidState, invalidValue, notFound, requiredField } from '../../kernel/errors';
import { addDays, istDateOf, type LocalDate } from '../../kernel/local-date';
import { systemContext, type RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { Job } from '../../platform/jobs/jobs';
import { orgSettings } from '../../platform/orgs/org-settings';
import { pagedContext, pageWindow } from '../../platform/pagination';
import { paymentLinkPayee } from '../invoices/payment-link.rules';
import {
  firstSlotAfter, firstSlotOnOrAfter, lastSlotOnOrBefore, latestRunnableDate, runInstant, slotAllowed, type Frequency,
} from './recurrence.rules';
import { presentSchedule } from './recurring.presenter';
import { recurringRepository as repo, type ScheduleRow } from './recurring.repository';
import type { CreateRecurringBody, ListRecurringQuery, RecurringEntityType, UpdateRecurringBody } from './recurring.schemas';
import { snapshotTemplate } from './recurring.templates';
import { runBody, storedTemplate, type TemplatePayload } from './template-payload.rules';

/**
 * Creates one document from a template body inside the caller's transaction; returns its id.
 * `autoCharge` (invoice schedules): the invoice carries a payment link.
 */
export type Generator = (tx: Tx, ctx: RequestContext, payload: TemplatePayload, options: { autoCharge: boolean }) => Promise<string>;

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity'> & {
  generators: Record<RecurringEntityType, Generator>;
};

/** At most this many schedules per scheduler tick; the rest wait for the next poll. */
const TICK_LIMIT = 10_000;
const TICK_LANES = 8;

export function recurringService(deps: Deps) {
  const db = deps.database.db;
  const nowIso = () => deps.clock.now().toISOString();
  const today = () => istDateOf(deps.clock.now());

  async function load(executor: Tx | typeof db, orgId: string, id: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, id, forUpdate);
    if (!row) throw notFound('recurring schedule', 'recurring_id');
    return row;
  }

  const limitsOf = (s: Pick<ScheduleRow, 'end_date' | 'max_runs' | 'run_count'>) => ({ end_date: s.end_date, max_runs: s.max_runs, run_count: s.run_count });

  /**
   * The next run of a schedule: the first slot on or after `from` that has not run yet (after
   * last_run_date), at 09:00 IST; null when end_date or max_runs leaves none.
   */
  function nextRun(s: Pick<ScheduleRow, 'start_date' | 'frequency' | 'interval_count' | 'last_run_date' | 'end_date' | 'max_runs' | 'run_count'>, from: LocalDate): string | null {
    const floor = s.last_run_date !== null && addDays(s.last_run_date, 1) > from ? addDays(s.last_run_date, 1) : from;
    const slot = firstSlotOnOrAfter(s.start_date, s.frequency as Frequency, s.interval_count, floor);
    return slotAllowed(slot, limitsOf(s)) ? runInstant(slot) : null;
  }

  function checkRules(entityType: string, autoCharge: boolean | undefined, start: LocalDate, end: LocalDate | null | undefined) {
    if (autoCharge === true && entityType !== 'INVOICE') throw invalidValue('auto_charge', 'auto_charge applies to invoice schedules only');
    if (end !== null && end !== undefined && end < start) throw invalidValue('end_date', 'end_date is before start_date');
  }

  /** An auto_charge schedule's invoices must be able to carry a UPI link: the organisation has a VPA, the template is in INR. */
  async function checkPaymentLink(tx: Tx, orgId: string, template: TemplatePayload) {
    const { name, prefs, baseCurrency } = await orgSettings(tx, orgId);
    const currency = typeof template.currency_code === 'string' ? template.currency_code : baseCurrency;
    paymentLinkPayee(prefs.upiVpa, name, currency);
  }

  /** The template body as stored: the inline payload (already schema-checked by the route), or a snapshot of the document. */
  async function templateOf(executor: Tx, orgId: string, entityType: RecurringEntityType, input: { template_entity_id?: string; template_payload?: Record<string, unknown> }) {
    if (input.template_entity_id !== undefined && input.template_payload !== undefined) {
      throw invalidValue('template_payload', 'send exactly one of template_entity_id and template_payload, not both');
    }
    if (input.template_entity_id !== undefined) return storedTemplate(await snapshotTemplate(executor, orgId, entityType, input.template_entity_id));
    return input.template_payload === undefined ? null : storedTemplate(input.template_payload);
  }

  /**
   * One run: generates the document dated today (IST), due as the template says (runBody), and records the (schedule, run date)
   * key in the same transaction, then advances the schedule one slot past `runDate`.
   */
  async function runInTx(tx: Tx, ctx: RequestContext, s: ScheduleRow, runDate: LocalDate) {
    const runCtx: RequestContext = { ...ctx, source: 'RECURRING' };
    const payload = JSON.parse(s.template_payload) as TemplatePayload;
    const generatedId = await deps.generators[s.entity_type as RecurringEntityType](tx, runCtx, runBody(payload, today()), { autoCharge: s.auto_charge === 1 });
    const at = nowIso();
    await repo.insertRun(tx, { org_id: s.org_id, recurring_id: s.recurring_id, run_date: runDate, generated_entity_id: generatedId, created_time: at });
    const runCount = s.run_count + 1;
    const nextSlot = firstSlotAfter(s.start_date, s.frequency as Frequency, s.interval_count, runDate);
    const more = slotAllowed(nextSlot, { end_date: s.end_date, max_runs: s.max_runs, run_count: runCount });
    const changes = {
      run_count: runCount, last_run_at: at, last_run_date: runDate, next_run_at: more ? runInstant(nextSlot) : null,
      is_active: (more ? s.is_active : 0) as 0 | 1, last_modified_time: at,
    };
    await repo.update(tx, s.org_id, s.recurring_id, changes);
    await deps.activity.record(tx, runCtx, {
      entityType: 'RECURRING', entityId: s.recurring_id, entityRef: s.name, verb: 'RUN',
      metadata: { run_date: runDate, generated_entity_type: s.entity_type, generated_entity_id: generatedId, ...(more ? {} : { auto_paused: true }) },
    });
    return { generatedId, schedule: { ...s, ...changes } };
  }

  /** Stops a schedule that has nothing left to run, or whose template no longer creates a document. */
  async function autoPause(tx: Tx, ctx: RequestContext, s: ScheduleRow, reason: string, keepNext: boolean) {
    await repo.update(tx, s.org_id, s.recurring_id, { is_active: 0, ...(keepNext ? {} : { next_run_at: null }), last_modified_time: nowIso() });
    await deps.activity.record(tx, { ...ctx, source: 'RECURRING' }, {
      entityType: 'RECURRING', entityId: s.recurring_id, entityRef: s.name, verb: 'PAUSED', changes: { is_active: { old: true, new: false } }, metadata: { reason },
    });
  }

  /**
   * The scheduler's step for one schedule. Catch-up: after downtime only the latest missed
   * slot runs (dated today); older missed slots are skipped, and next_run_at moves past it.
   */
  async function tick(orgId: string, id: string): Promise<boolean> {
    const ctx = systemContext(orgId, deps.ids.next('req'));
    try {
      return await deps.uow(ctx, async (tx) => {
        const s = await repo.find(tx, orgId, id, true);
        const now = nowIso();
        // Another process may have run it while we waited for the lock.
        if (!s || s.is_active !== 1 || s.next_run_at === null || s.next_run_at > now) return false;
        const due = istDateOf(new Date(s.next_run_at));
        let runDate = lastSlotOnOrBefore(s.start_date, s.frequency as Frequency, s.interval_count, latestRunnableDate(today(), now)) ?? due;
        if (s.end_date !== null && runDate > s.end_date) runDate = lastSlotOnOrBefore(s.start_date, s.frequency as Frequency, s.interval_count, s.end_date) ?? due;
        if (runDate < due) runDate = due;
        if (!slotAllowed(runDate, limitsOf(s))) {
          await autoPause(tx, ctx, s, 'end_date passed or max_runs reached', false);
          return false;
        }
        await runInTx(tx, ctx, s, runDate);
        return true;
      });
    } catch (error) {
      // The same (schedule, date) committed by another process: nothing to do.
      if (isUniqueViolation(error)) return false;
      if (error instanceof DomainError) {
        // The template no longer makes a valid document (e.g. its contact is gone): pause, keep next_run_at, say why.
        await deps.uow(ctx, async (tx) => {
          const s = await repo.find(tx, orgId, id, true);
          if (s && s.is_active === 1) await autoPause(tx, ctx, s, `${error.code}: ${error.message}`, true);
        });
        return false;
      }
      throw error;
    }
  }

  /**
   * A tick runs TICK_LANES schedules at a time, each in its own transaction (each is locked and
   * keyed, so running them side by side changes nothing about exactly-once): commits that
   * overlap share an fsync on SQLite (group commit) and use several connections on PostgreSQL.
   */
  const job: Job = {
    name: 'recurring_scheduler',
    async run() {
      const due = await repo.due(db, nowIso(), TICK_LIMIT);
      let count = 0;
      let next = 0;
      const lane = async () => {
        while (next < due.length) {
          const { org_id, recurring_id } = due[next++]!;
          if (await tick(org_id, recurring_id)) count++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(TICK_LANES, due.length) }, lane));
      return count;
    },
  };

  return {
    job,

    /** The entity type of a schedule of this organisation (undefined when there is none). */
    entityTypeOf: async (orgId: string, id: string) => (await repo.find(db, orgId, id))?.entity_type as RecurringEntityType | undefined,

    async createSchedule(ctx: RequestContext, input: CreateRecurringBody) {
      checkRules(input.entity_type, input.auto_charge, input.start_date, input.end_date);
      return deps.uow(ctx, async (tx) => {
        const template = await templateOf(tx, ctx.orgId, input.entity_type, input);
        if (template === null) throw requiredField('template_entity_id', 'send one of template_entity_id or template_payload');
        if (input.auto_charge === true) await checkPaymentLink(tx, ctx.orgId, template);
        const at = nowIso();
        const base = {
          start_date: input.start_date, frequency: input.frequency, interval_count: input.interval ?? 1, last_run_date: null,
          end_date: input.end_date ?? null, max_runs: input.max_runs ?? null, run_count: 0,
        };
        const row: ScheduleRow = {
          ...base, org_id: ctx.orgId, recurring_id: deps.ids.next('rec'), entity_type: input.entity_type, name: input.name,
          next_run_at: nextRun(base, today()), last_run_at: null, is_active: input.is_active === false ? 0 : 1,
          template_entity_id: input.template_entity_id ?? null, template_payload: toJson(template), auto_charge: input.auto_charge === true ? 1 : 0,
          created_time: at, last_modified_time: at,
        };
        await repo.insert(tx, row);
        await deps.activity.record(tx, ctx, { entityType: 'RECURRING', entityId: row.recurring_id, entityRef: row.name, verb: 'CREATED' });
        return { recurring: presentSchedule(row) };
      });
    },

    async listSchedules(ctx: RequestContext, query: ListRecurringQuery) {
      const { page, perPage, offset } = pageWindow(query, 50);
      const rows = await repo.list(db, ctx.orgId, { entityType: query.entity_type, isActive: query.is_active }, perPage, offset);
      const { items, page_context } = pagedContext(rows, page, perPage);
      return { recurring: items.map(presentSchedule), page_context };
    },

    async getSchedule(ctx: RequestContext, id: string) {
      return { recurring: presentSchedule(await load(db, ctx.orgId, id)) };
    },

    /** Partial. Schedule-shaping changes recompute next_run_at at once, unless next_run_at is sent. */
    async updateSchedule(ctx: RequestContext, id: string, input: UpdateRecurringBody) {
      return deps.uow(ctx, async (tx) => {
        const s = await load(tx, ctx.orgId, id, true);
        const start = input.start_date ?? s.start_date;
        const end = input.end_date === undefined ? s.end_date : input.end_date;
        checkRules(s.entity_type, input.auto_charge, start, end);
        const template = await templateOf(tx, ctx.orgId, s.entity_type as RecurringEntityType, input);
        const next: ScheduleRow = {
          ...s,
          name: input.name ?? s.name, frequency: input.frequency ?? s.frequency, interval_count: input.interval ?? s.interval_count,
          start_date: start, end_date: end, max_runs: input.max_runs === undefined ? s.max_runs : input.max_runs,
          ...(template !== null && { template_payload: toJson(template), template_entity_id: input.template_entity_id ?? null }),
          ...(input.auto_charge !== undefined && { auto_charge: (input.auto_charge ? 1 : 0) as 0 | 1 }),
          last_modified_time: nowIso(),
        };
        if (next.auto_charge === 1 && (input.auto_charge === true || template !== null)) {
          await checkPaymentLink(tx, ctx.orgId, JSON.parse(next.template_payload) as TemplatePayload);
        }
        if (input.next_run_at !== undefined) {
          next.next_run_at = new Date(input.next_run_at).toISOString();
        } else if (['frequency', 'interval', 'start_date', 'end_date', 'max_runs'].some((k) => k in input)) {
          next.next_run_at = nextRun(next, today());
        }
        if (next.max_runs !== null && next.max_runs < next.run_count) throw invalidValue('max_runs', `max_runs is below run_count (${next.run_count})`);
        await repo.update(tx, ctx.orgId, id, next);
        const changes: Record<string, { old: unknown; new: unknown }> = {};
        for (const k of ['name', 'frequency', 'interval_count', 'start_date', 'end_date', 'max_runs', 'next_run_at', 'template_payload', 'auto_charge'] as const) {
          if (s[k] !== next[k]) changes[k] = { old: s[k], new: next[k] };
        }
        await deps.activity.record(tx, ctx, { entityType: 'RECURRING', entityId: id, entityRef: next.name, verb: 'UPDATED', changes });
        return { recurring: presentSchedule(next) };
      });
    },

    async pauseSchedule(ctx: RequestContext, id: string) {
      return deps.uow(ctx, async (tx) => {
        const s = await load(tx, ctx.orgId, id, true);
        if (s.is_active !== 1) throw invalidState('the schedule is already paused', { is_active: false });
        const next: ScheduleRow = { ...s, is_active: 0, last_modified_time: nowIso() };
        await repo.update(tx, ctx.orgId, id, { is_active: 0, last_modified_time: next.last_modified_time });
        await deps.activity.record(tx, ctx, { entityType: 'RECURRING', entityId: id, entityRef: s.name, verb: 'PAUSED', changes: { is_active: { old: true, new: false } } });
        return { recurring: presentSchedule(next) };
      });
    },

    /** next_run_at is kept when still ahead; when in the past it moves to the first future slot not yet run. */
    async resumeSchedule(ctx: RequestContext, id: string) {
      return deps.uow(ctx, async (tx) => {
        const s = await load(tx, ctx.orgId, id, true);
        if (s.is_active === 1) throw invalidState('the schedule is already active', { is_active: true });
        const now = nowIso();
        let nextRunAt = s.next_run_at;
        if (nextRunAt === null || nextRunAt <= now) {
          const t = today();
          nextRunAt = nextRun(s, now >= runInstant(t) ? addDays(t, 1) : t);
        }
        if (nextRunAt === null) throw invalidState('the schedule has ended (end_date passed or max_runs reached); change end_date or max_runs first');
        const next: ScheduleRow = { ...s, is_active: 1, next_run_at: nextRunAt, last_modified_time: now };
        await repo.update(tx, ctx.orgId, id, { is_active: 1, next_run_at: nextRunAt, last_modified_time: now });
        await deps.activity.record(tx, ctx, {
          entityType: 'RECURRING', entityId: id, entityRef: s.name, verb: 'RESUMED',
          changes: { is_active: { old: false, new: true }, ...(nextRunAt !== s.next_run_at && { next_run_at: { old: s.next_run_at, new: nextRunAt } }) },
        });
        return { recurring: presentSchedule(next) };
      });
    },

    /** Runs the next slot now through the scheduler's path: the document is dated today, next_run_at advances one interval. */
    async runNow(ctx: RequestContext, id: string) {
      try {
        return await deps.uow(ctx, async (tx) => {
          const s = await load(tx, ctx.orgId, id, true);
          if (s.next_run_at === null) throw invalidState('the schedule has ended (end_date passed or max_runs reached); change end_date or max_runs first');
          const { generatedId, schedule } = await runInTx(tx, ctx, s, istDateOf(new Date(s.next_run_at)));
          return { generated_entity_id: generatedId, recurring: presentSchedule(schedule) };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw invalidState('this run was just made by another request or the scheduler; try again');
        throw error;
      }
    },

    async deleteSchedule(ctx: RequestContext, id: string) {
      return deps.uow(ctx, async (tx) => {
        const s = await load(tx, ctx.orgId, id, true);
        await repo.delete(tx, ctx.orgId, id);
        await deps.activity.record(tx, ctx, { entityType: 'RECURRING', entityId: id, entityRef: s.name, verb: 'DELETED' });
        return { recurring_id: id };
      });
    },
  };
}

export type RecurringService = ReturnType<typeof recurringService>;
