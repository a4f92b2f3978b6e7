import type { Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import { DomainError, invalidState, invalidValue, notFound } from '../../kernel/errors';
import { businessDateOf, type LocalDate } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { fixedChart } from '../../platform/orgs/fixed-chart';
import { assertEntryNotReconciled } from '../../platform/banking/reconciled';
import { assertNotFiled } from '../../platform/orgs/filed-returns';
import { assertPeriodOpen, assertWithinBooks } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { assertBalanced, isZeroEntry, mirror, normaliseSides, withoutZeroLines, type JournalSource, type PostingLine } from './ledger.posting';
import { assertBalancedPerBranch, balanceAcrossBranches, spansBranches, type BranchLine } from './branch-balance.rules';
import { entryDateOf, reversalRemedy } from './entry-dates.rules';
import { addToBalances } from './ledger-balances';
import { closingRoundOff } from './journals.rules';
import { presentJournal } from './ledger.presenter';
import { ledgerRepository as repo, type JournalRow } from './ledger.repository';
import type { CreateJournalBody, ListJournalsQuery } from './ledger.schemas';
import type { SeriesService } from '../series';


export interface Entry {
  date: LocalDate;
  source: JournalSource;
  sourceId: string;
  /** The source document's version; posting the same version twice is a no-op. */
  sourceVersion: number;
  /** The source document's number, shown on statements. */
  sourceRef?: string | null;
  memo?: string | null;
  contactId?: string | null;
  /** The branch (GST registration) the entry is posted for: its document's. Lines may name another. */
  branchId: string;
  lines: PostingLine[];
}

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  /** Which branch a manual entry (or one of its lines) names: this organisation's, else 404; none named, the default branch. */
  series: Pick<SeriesService, 'branchOf'>;
};

/**
 * The ledger. `post` and `reverse` are the only ways any module writes journal entries;
 * both run in the caller's transaction and refuse an entry that does not balance, or one
 * dated in the locked period (checked here, in the posting's transaction, for every entry).
 */
export function ledgerService(deps: Deps) {
  const db = deps.database.db;

  /** The entry's lines, each in its branch, with the inter-branch lines that make every branch balance. */
  async function linesPerBranch(tx: Tx, orgId: string, entry: Entry): Promise<BranchLine[]> {
    const lines = withoutZeroLines(normaliseSides(entry.lines));
    assertBalanced(lines);
    const branched = lines.map((l) => ({ ...l, branchId: l.branchId ?? entry.branchId }));
    if (!spansBranches(branched)) return branched;
    const interBranch = (await fixedChart(tx, orgId)).systemAccounts.get('inter_branch');
    if (!interBranch) throw new Error(`organisation ${orgId} has no inter-branch account`);
    const balanced = balanceAcrossBranches(branched, interBranch);
    assertBalancedPerBranch(balanced);
    return balanced;
  }

  async function insertEntry(tx: Tx, ctx: RequestContext, entry: Entry, kind: 'POSTING' | 'REVERSAL', reverses: string | null) {
    const lines = await linesPerBranch(tx, ctx.orgId, entry);
    const total = assertBalanced(lines);
    await assertPeriodOpen(tx, ctx.orgId, entry.date, kind === 'REVERSAL' ? reversalRemedy(entry.source) : undefined);
    await assertNotFiled(tx, ctx.orgId, entry);
    const journal: JournalRow = {
      org_id: ctx.orgId, journal_id: deps.ids.next('jnl'), entry_date: entry.date, source: entry.source,
      source_id: entry.sourceId, source_version: entry.sourceVersion, source_ref: entry.sourceRef ?? null, kind, reverses_journal_id: reverses,
      reversed_by_journal_id: null, memo: entry.memo ?? null, contact_id: entry.contactId ?? null, total, branch_id: entry.branchId,
      created_by_user_id: ctx.userId, created_time: deps.clock.now().toISOString(),
    };
    await repo.insert(tx, journal, lines.map((l, position) => ({
      org_id: ctx.orgId, line_id: deps.ids.next('jl'), journal_id: journal.journal_id, position,
      account_id: l.accountId, debit: l.debit, credit: l.credit, description: l.description ?? null,
      contact_id: l.contactId ?? entry.contactId ?? null, entry_date: entry.date, branch_id: l.branchId,
    })));
    addToBalances(tx, ctx.orgId, entry.date, lines);
    return journal;
  }

  const ledger = {
    /**
     * Posts a balanced entry for a source document version; the same version again returns the first.
     * `newSource`: this version of the source was made in this transaction, so it has no posting
     * to look for (that look-up would be one more statement, inside a create's number lock).
     */
    async post(tx: Tx, ctx: RequestContext, entry: Entry, { newSource = false } = {}): Promise<JournalRow> {
      if (!newSource) {
        const existing = await repo.findBySource(tx, ctx.orgId, entry.source, entry.sourceId, entry.sourceVersion, 'POSTING');
        if (existing) return existing;
      }
      return insertEntry(tx, ctx, entry, 'POSTING', null);
    },

    /**
     * Posts a document's entry as `post` does, unless every amount on it is zero (an invoice,
     * bill or note whose lines total 0, docs/rules/amounts-and-rounding.md, "Zero amounts"): such a document has nothing to post, so
     * no entry is written and null is returned, and voiding it later reverses nothing. A return
     * still reports it (documents issued), so a filed one refuses it all the same.
     */
    async postUnlessZero(tx: Tx, ctx: RequestContext, entry: Entry, options: { newSource?: boolean } = {}): Promise<JournalRow | null> {
      if (!isZeroEntry(normaliseSides(entry.lines))) return ledger.post(tx, ctx, entry, options);
      await assertNotFiled(tx, ctx.orgId, entry);
      return null;
    },

    /**
     * Mirrors every entry of a source still in force, each dated on its original's date
     * (entryDateOf), so the source leaves its period. Never deletes or edits a posting. Every
     * edit, void or delete of an entry comes here, so an entry matched to a bank line that a
     * closed reconciliation settled is refused here (docs/rules/banking.md, "Reconciliation").
     */
    async reverseSource(tx: Tx, ctx: RequestContext, source: JournalSource, sourceId: string, memo: string): Promise<JournalRow[]> {
      await assertEntryNotReconciled(tx, ctx.orgId, source, sourceId);
      const live = await repo.livePostings(tx, ctx.orgId, source, sourceId);
      const lines = await repo.lines(tx, ctx.orgId, live.map((j) => j.journal_id));
      const reversals: JournalRow[] = [];
      for (const journal of live) {
        const original = lines.filter((l) => l.journal_id === journal.journal_id)
          .map((l) => ({ accountId: l.account_id, debit: l.debit, credit: l.credit, description: l.description, contactId: l.contact_id, branchId: l.branch_id }));
        const reversal = await insertEntry(tx, ctx, {
          date: entryDateOf({ reverses: journal.entry_date }), source, sourceId, sourceVersion: journal.source_version, sourceRef: journal.source_ref, memo, contactId: journal.contact_id,
          branchId: journal.branch_id, lines: mirror(original),
        }, 'REVERSAL', journal.journal_id);
        await repo.markReversed(tx, ctx.orgId, journal.journal_id, reversal.journal_id);
        reversals.push(reversal);
      }
      return reversals;
    },

    /** Posts a manual journal entry inside the caller's transaction (the public create and recurring runs). */
    async createJournalInTx(tx: Tx, ctx: RequestContext, input: CreateJournalBody) {
      const lines: PostingLine[] = input.lines.map((l, i) => {
        const debit = toPaise(l.debit ?? 0);
        const credit = toPaise(l.credit ?? 0);
        if ((debit > 0) === (credit > 0)) throw invalidValue(`lines[${i}]`, 'each line has either a debit or a credit above 0, not both');
        return { accountId: l.account_id, debit, credit, description: l.description ?? null };
      });
      const { branch_id: branchId } = await deps.series.branchOf(tx, ctx.orgId, input.branch_id);
      for (const [i, line] of input.lines.entries()) {
        if (line.branch_id === undefined) continue;
        try {
          lines[i]!.branchId = (await deps.series.branchOf(tx, ctx.orgId, line.branch_id)).branch_id;
        } catch (error) {
          // The same 404 as the entry's branch_id, named at the line.
          throw error instanceof DomainError ? notFound('branch', `lines[${i}].branch_id`) : error;
        }
      }
      const debits = lines.reduce((s, l) => s + l.debit, 0);
      const credits = lines.reduce((s, l) => s + l.credit, 0);
      if (debits !== credits) {
        const closing = closingRoundOff(lines, (await fixedChart(tx, ctx.orgId)).roundOffAccountId);
        if (!closing) {
          throw invalidValue('lines', 'total debits and total credits may differ by at most 0.01 (posted to Round Off)', {
            details: { total_debit: toRupees(debits), total_credit: toRupees(credits) },
          });
        }
        lines.push(closing);
      }
      for (const [i, line] of input.lines.entries()) {
        const account = await tx.selectFrom('accounts').select('account_id').where('org_id', '=', ctx.orgId)
          .where('account_id', '=', line.account_id).executeTakeFirst();
        if (!account) throw notFound('account', `lines[${i}].account_id`);
      }
      if (input.contact_id) {
        const contact = await tx.selectFrom('contacts').select('contact_id').where('org_id', '=', ctx.orgId)
          .where('contact_id', '=', input.contact_id).executeTakeFirst();
        if (!contact) throw notFound('contact', 'contact_id');
      }
      const date = businessDateOf(input.date);
      await assertWithinBooks(tx, ctx.orgId, date, 'date');
      const journalId = deps.ids.next('jnl');
      const journal = await ledger.post(tx, ctx, {
        date, source: 'MANUAL', sourceId: journalId, sourceVersion: 1,
        memo: input.memo ?? null, contactId: input.contact_id ?? null, branchId, lines,
      });
      await deps.activity.record(tx, ctx, { entityType: 'JOURNAL', entityId: journal.journal_id, verb: 'CREATED' });
      await deps.events.emit(tx, ctx, 'JOURNAL_POSTED', {
        id: journal.journal_id, source: 'MANUAL', contact_id: journal.contact_id, total: journal.total / 100, status: 'POSTED',
      });
      return { journal: presentJournal(journal, await repo.lines(tx, ctx.orgId, [journal.journal_id])) };
    },

    async createJournal(ctx: RequestContext, input: CreateJournalBody) {
      return deps.uow(ctx, (tx) => ledger.createJournalInTx(tx, ctx, input));
    },

    /**
     * A manual entry is removed by its mirror, dated on the entry's own date so the pair nets
     * to nothing in every period (refused in a locked period); from then on the resource shows neither (repository `shown`).
     * Auto-posted entries go only by voiding their document.
     */
    async deleteJournal(ctx: RequestContext, journalId: string) {
      return deps.uow(ctx, async (tx) => {
        const journal = await repo.findJournal(tx, ctx.orgId, journalId, true);
        if (!journal) throw notFound('journal', 'journal_id');
        if (journal.source !== 'MANUAL') throw invalidState(`a ${journal.source} entry is removed by voiding its source document`, { source: journal.source, source_id: journal.source_id });
        const [reversal] = await ledger.reverseSource(tx, ctx, 'MANUAL', journal.source_id, `Deletion of ${journal.journal_id}`);
        await deps.dependents.removeFor(tx, ctx.orgId, journalId);
        await deps.activity.record(tx, ctx, {
          entityType: 'JOURNAL', entityId: journalId, verb: 'DELETED', metadata: { reversal_journal_id: reversal?.journal_id },
        });
        return { journal_id: journalId, reversal_journal_id: reversal?.journal_id ?? null };
      });
    },

    /** Locks a journal entry of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, journalId: string) => (await repo.findJournal(tx, orgId, journalId, true)) !== undefined,

    async getJournal(ctx: RequestContext, journalId: string) {
      const journal = await repo.findJournal(db, ctx.orgId, journalId);
      if (!journal) throw notFound('journal', 'journal_id');
      return { journal: presentJournal(journal, await repo.lines(db, ctx.orgId, [journalId])) };
    },

    async listJournals(ctx: RequestContext, query: ListJournalsQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'journals', query);
      const rows = await repo.list(db, ctx.orgId, {
        source: query.source, sourceId: query.source_id, accountId: query.account_id, branchId: query.branch_id, dateFrom: query.date_from, dateTo: query.date_to,
        search: searchPatternOf(query.search),
      }, after, perPage);
      const page = cursorPage(deps.cursors, 'journals', rows, perPage, (r) => [r.journal_id]);
      const lines = await repo.lines(db, ctx.orgId, page.items.map((j) => j.journal_id));
      return {
        journals: page.items.map((j) => presentJournal(j, lines.filter((l) => l.journal_id === j.journal_id))),
        page_context: page.page_context,
      };
    },
  };
  return ledger;
}

export type LedgerService = ReturnType<typeof ledgerService>;
