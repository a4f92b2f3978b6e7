import type { Db, Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import { invalidValue, notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import { diffFields } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { catalogRepository } from '../catalog';
import { PricingInputError } from '../documents';
import { posRestricted } from '../documents/purchase-tax.rules';
import type { LedgerService } from '../ledger';
import type { SeriesService } from '../series';
import { computeExpense } from './expense-amounts.rules';
import { draftOfCreate, draftOfUpdate, type ExpenseDraft } from './expense-input.mapper';
import { resolveExpense } from './expense.resolver';
import { expensePostingLines, type ExpenseGstAccounts } from './expenses.posting';
import { presentExpense } from './expenses.presenter';
import { expensesRepository as repo, type ExpenseLineRow, type ExpenseRow } from './expenses.repository';
import type { CreateExpenseBody, ListExpensesQuery, UpdateExpenseBody } from './expenses.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  ledger: Pick<LedgerService, 'post' | 'reverseSource'>;
  series: Pick<SeriesService, 'branchOf'>;
};

/** What an UPDATED activity row compares: the inputs as stored, and the computed totals. */
const tracked = (e: ExpenseRow, lines: readonly ExpenseLineRow[]) => ({
  date: e.expense_date, account_id: e.account_id, paid_through_account_id: e.paid_through_account_id, mode: e.mode,
  reference_number: e.reference_number, vendor_id: e.vendor_id, tax_id: e.tax_id, is_inclusive_tax: e.is_inclusive_tax === 1,
  branch_id: e.branch_id, place_of_supply: e.place_of_supply, is_rcm: e.is_rcm === 1,
  rcm_rate: e.rcm_rate_centi === null ? null : e.rcm_rate_centi / 100, itc_blocked_reason: e.itc_blocked_reason, notes: e.notes,
  line_items: lines.map((l) => ({ account_id: l.account_id, amount: toRupees(l.amount), tax_id: l.tax_id, note: l.note })),
  amount: toRupees(e.amount), tax_total: toRupees(e.tax_total), total: toRupees(e.total),
});

/** docs/rules/documents-and-notes.md, "Event data": id, number where it has one (an expense has none: its reference stands in), contact id, total, status. */
const eventData = (e: ExpenseRow) => ({
  id: e.expense_id, reference_number: e.reference_number, vendor_id: e.vendor_id, total: toRupees(e.total), status: e.status,
});

const memoOf = (e: ExpenseRow) => `Expense ${e.reference_number ?? e.expense_id}${e.vendor_name ? ` (${e.vendor_name})` : ''}`;

/** The expense's amounts; an amount above the money bound is 400 on the line's amount, the header's, or `total`. */
function priceExpense(lines: Parameters<typeof computeExpense>[0], mode: Parameters<typeof computeExpense>[1], itemized: boolean) {
  try {
    return computeExpense(lines, mode, itemized ? undefined : () => 'amount');
  } catch (error) {
    if (error instanceof PricingInputError) throw invalidValue(error.field, error.message);
    throw error;
  }
}

/** Expense use cases. Each is one transaction: the expense, its journal, activity and event together. */
export function expensesService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();

  /** A deleted expense is gone for the API; its row stays as the source of its reversed entries. */
  async function load(executor: Db | Tx, orgId: string, expenseId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, expenseId, forUpdate);
    if (!row || row.status === 'DELETED') throw notFound('expense', 'expense_id');
    return row;
  }

  /**
   * The stored rows of an expense from a draft: every reference checked, every amount computed.
   * (The period lock is the ledger's: an expense always posts.)
   */
  async function build(tx: Tx, ctx: RequestContext, draft: ExpenseDraft, identity: Pick<ExpenseRow, 'expense_id' | 'version' | 'created_time'>) {
    await assertWithinBooks(tx, ctx.orgId, draft.date, 'date');
    const resolved = await resolveExpense(tx, ctx.orgId, draft, deps.series.branchOf);
    const amounts = priceExpense(resolved.lines, { supply: resolved.supply, inclusive: draft.isInclusiveTax, reverseCharge: draft.isRcm }, draft.itemized);
    const row: ExpenseRow = {
      org_id: ctx.orgId, ...identity, branch_id: resolved.branchId, expense_date: draft.date, account_id: draft.accountId,
      paid_through_account_id: draft.paidThroughAccountId, mode: draft.mode, reference_number: draft.referenceNumber,
      vendor_id: resolved.vendor?.id ?? null, vendor_name: resolved.vendor?.name ?? null, party: resolved.vendor?.partyCopy ?? null, tax_id: draft.taxId,
      is_inclusive_tax: draft.isInclusiveTax ? 1 : 0, place_of_supply: resolved.placeOfSupply, supply_type: resolved.supply,
      is_rcm: draft.isRcm ? 1 : 0, rcm_rate_centi: draft.rcmRateCenti, itc_blocked_reason: draft.itcBlockedReason,
      itemized: draft.itemized ? 1 : 0, amount: amounts.amount, sub_total: amounts.subTotal, tax_total: amounts.taxTotal,
      cgst_total: amounts.cgstTotal, sgst_total: amounts.sgstTotal, igst_total: amounts.igstTotal, total: amounts.total,
      status: 'RECORDED', notes: draft.notes, last_modified_time: now(),
    };
    const lines: ExpenseLineRow[] = resolved.lines.map((l, position) => {
      const a = amounts.lines[position]!;
      return {
        org_id: ctx.orgId, line_item_id: deps.ids.next('li'), expense_id: row.expense_id, position,
        account_id: l.accountId, inherits_account: l.inheritsAccount ? 1 : 0, tax_id: l.taxId, inherits_tax: l.inheritsTax ? 1 : 0,
        tax_rate_centi: l.taxRateCenti, note: l.note, amount: l.amountPaise,
        item_total: a.net, tax: a.tax, cgst: a.cgst, sgst: a.sgst, igst: a.igst, total: a.paid,
      };
    });
    return { row, lines };
  }

  /**
   * The GST ledgers this entry uses, and only those (an untaxed expense reads none). The
   * others stay unnamed: their amounts are zero, and the poster drops zero lines.
   */
  async function gstAccounts(tx: Tx, orgId: string, e: ExpenseRow): Promise<ExpenseGstAccounts> {
    const heads = e.supply_type === 'INTRA' ? ['cgst', 'sgst'] : ['igst'];
    const keys = e.tax_total === 0 ? [] : e.is_rcm === 1 ? ['rcm_input', 'rcm_payable'] : heads.map((h) => `${h}_input`);
    const found = new Map<string, string>();
    for (const key of keys) found.set(key, await catalogRepository.systemAccountId(tx, orgId, key));
    const id = (key: string) => found.get(key) ?? '';
    return { cgstInput: id('cgst_input'), sgstInput: id('sgst_input'), igstInput: id('igst_input'), cessInput: id('cess_input'), rcmInput: id('rcm_input'), rcmPayable: id('rcm_payable') };
  }

  async function post(tx: Tx, ctx: RequestContext, e: ExpenseRow, lines: readonly ExpenseLineRow[]) {
    const restricted = posRestricted(e.supply_type, e.place_of_supply, (await deps.series.branchOf(tx, ctx.orgId, e.branch_id)).state_code);
    return deps.ledger.post(tx, ctx, {
      date: e.expense_date, source: 'EXPENSE', sourceId: e.expense_id, sourceVersion: e.version, sourceRef: e.reference_number,
      memo: memoOf(e), contactId: e.vendor_id, branchId: e.branch_id,
      lines: expensePostingLines({
        paidThroughAccountId: e.paid_through_account_id, reverseCharge: e.is_rcm === 1, itcBlocked: e.itc_blocked_reason !== null || restricted,
        lines: lines.map((l) => ({ accountId: l.account_id, note: l.note, net: l.item_total, tax: l.tax, cgst: l.cgst, sgst: l.sgst, igst: l.igst })),
      }, await gstAccounts(tx, ctx.orgId, e)),
    }, { newSource: true }); // each call follows the making of this version (a create, or an update's new version)
  }

  /** Creates an expense inside the caller's transaction (the public create; later, schedules). */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreateExpenseBody) {
    const { row, lines } = await build(tx, ctx, draftOfCreate(input), { expense_id: deps.ids.next('exp'), version: 1, created_time: now() });
    await repo.insert(tx, row, lines);
    const journal = await post(tx, ctx, row, lines);
    await deps.activity.record(tx, ctx, {
      entityType: 'EXPENSE', entityId: row.expense_id, entityRef: row.reference_number, verb: 'CREATED', metadata: { journal_id: journal.journal_id },
    });
    await deps.events.emit(tx, ctx, 'EXPENSE_CREATED', eventData(row));
    return { expense: presentExpense(row, lines) };
  }

  return {
    createInTx,

    createExpense: (ctx: RequestContext, input: CreateExpenseBody) => deps.uow(ctx, (tx) => createInTx(tx, ctx, input)),

    /**
     * Partial update. A change re-posts: the entry in force is reversed on its own date (so the
     * books as of any day hold one version of the expense) and the new version is posted.
     * A PUT that changes nothing writes nothing.
     */
    async updateExpense(ctx: RequestContext, expenseId: string, patch: UpdateExpenseBody) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, expenseId, true);
        const beforeLines = await repo.lines(tx, ctx.orgId, [expenseId]);
        const { row, lines } = await build(tx, ctx, draftOfUpdate(before, beforeLines, patch), {
          expense_id: expenseId, version: before.version + 1, created_time: before.created_time,
        });
        const changes = diffFields(tracked(before, beforeLines), tracked(row, lines));
        if (!changes) return { expense: presentExpense(before, beforeLines) };
        const [reversal] = await deps.ledger.reverseSource(tx, ctx, 'EXPENSE', expenseId, `Edit of ${memoOf(before)}`);
        await repo.update(tx, ctx.orgId, expenseId, row);
        await repo.replaceLines(tx, ctx.orgId, expenseId, lines);
        const journal = await post(tx, ctx, row, lines);
        await deps.activity.record(tx, ctx, {
          entityType: 'EXPENSE', entityId: expenseId, entityRef: row.reference_number, verb: 'UPDATED', changes,
          metadata: { journal_id: journal.journal_id, reversal_journal_id: reversal?.journal_id ?? null },
        });
        return { expense: presentExpense(row, lines) };
      });
    },

    /**
     * Reverses the entry in force on its own date, as voids are (refused in a locked period),
     * and marks the expense DELETED: it reads as 404 from then on.
     */
    async deleteExpense(ctx: RequestContext, expenseId: string) {
      return deps.uow(ctx, async (tx) => {
        const expense = await load(tx, ctx.orgId, expenseId, true);
        const [reversal] = await deps.ledger.reverseSource(tx, ctx, 'EXPENSE', expenseId, `Deletion of ${memoOf(expense)}`);
        await repo.update(tx, ctx.orgId, expenseId, { status: 'DELETED', version: expense.version + 1, last_modified_time: now() });
        await deps.dependents.removeFor(tx, ctx.orgId, expenseId);
        await deps.activity.record(tx, ctx, {
          entityType: 'EXPENSE', entityId: expenseId, entityRef: expense.reference_number, verb: 'DELETED',
          metadata: { reversal_journal_id: reversal?.journal_id ?? null },
        });
        return { expense_id: expenseId };
      });
    },

    async getExpense(ctx: RequestContext, expenseId: string) {
      const expense = await load(db, ctx.orgId, expenseId);
      return { expense: presentExpense(expense, await repo.lines(db, ctx.orgId, [expenseId])) };
    },

    async listExpenses(ctx: RequestContext, query: ListExpensesQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'expenses', query);
      const rows = await repo.list(db, ctx.orgId, {
        vendorId: query.vendor_id, accountId: query.account_id, paidThroughAccountId: query.paid_through_account_id,
        dateFrom: query.date_from, dateTo: query.date_to, search: searchPatternOf(query.search),
      }, after, perPage);
      const page = cursorPage(deps.cursors, 'expenses', rows, perPage, (r) => [r.expense_id]);
      const lines = await repo.lines(db, ctx.orgId, page.items.map((r) => r.expense_id));
      return {
        expenses: page.items.map((r) => presentExpense(r, lines.filter((l) => l.expense_id === r.expense_id))),
        page_context: page.page_context,
      };
    },

    /** Deleted ones too: their timeline (who recorded, changed and deleted them) stays readable. */
    exists: async (orgId: string, expenseId: string) => (await repo.find(db, orgId, expenseId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, expenseId: string) => {
      const row = await repo.find(tx, orgId, expenseId, true);
      return row !== undefined && row.status !== 'DELETED';
    },
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type ExpensesService = ReturnType<typeof expensesService>;
