import type { Db, Tx } from '../../db/database';
import type { BankMatchesTable } from '../../db/bank-schema';
import { DomainError, invalidState, invalidValue, notFound } from '../../kernel/errors';
import { addDays } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { orgSettings } from '../../platform/orgs/org-settings';
import { cursorPage, readCursor } from '../../platform/pagination';
import { bankMatchesStore } from './bank-matches.store';
import { candidatesReader, entryKey, type BookEntry } from './candidates.reader';
import { factsOf, matchLinesStore as lines, type BankLineRow } from './match-lines.store';
import { checkMatchShape, checkMatchSum } from './match-shape.rules';
import type { AccountSuggestionsQuery, MatchBody } from './match.schemas';
import { presentCandidate, presentMatch } from './match.presenter';
import { candidatesFor, suggestionsFor } from './suggestion.rules';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'cursors'>;

const LIST = 'bank_suggestions';
/** The accounts a statement is of: a bank, or cash used as a wallet or a gateway's clearing account. */
const STATEMENT_ACCOUNT_TYPES = new Set(['BANK', 'CASH']);

/** Days either side of a line's date within which an entry is a candidate: the organisation's bankMatchWindowDays. */
export const matchWindowDays = async (reader: Db | Tx, orgId: string) => (await orgSettings(reader, orgId)).prefs.bankMatchWindowDays;

/** The entries in the window of every line given, read once for all of them; `exactOnly`, only those of a line's amount. */
export async function entriesAround(reader: Db | Tx, orgId: string, accountId: string, rows: readonly BankLineRow[], windowDays: number, { exactOnly = false } = {}): Promise<BookEntry[]> {
  if (rows.length === 0) return [];
  const dates = rows.map((r) => r.txn_date).sort();
  const amounts = exactOnly ? new Set(rows.map((r) => factsOf(r).amount)) : undefined;
  return candidatesReader.inWindow(reader, orgId, accountId, addDays(dates[0]!, -windowDays), addDays(dates.at(-1)!, windowDays), amounts);
}

/**
 * Suggestions, candidates, matches and unmatches of bank lines (docs/rules/banking.md,
 * "Suggestions and matching").
 */
export function matchService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();

  async function line(reader: Db | Tx, orgId: string, lineId: string): Promise<BankLineRow> {
    const row = await lines.find(reader, orgId, lineId);
    if (!row) throw notFound('bank transaction', 'bank_transaction_id');
    return row;
  }

  /** The fits of one line's window, or nothing for a line already matched or excluded. */
  async function fitsOf(ctx: RequestContext, lineId: string, all: boolean) {
    const row = await line(db, ctx.orgId, lineId);
    if (row.status !== 'UNMATCHED') return [];
    const windowDays = await matchWindowDays(db, ctx.orgId);
    const entries = await entriesAround(db, ctx.orgId, row.account_id, [row], windowDays, { exactOnly: !all });
    const ranked = all ? candidatesFor(factsOf(row), entries, windowDays) : suggestionsFor([factsOf(row)], entries, windowDays).get(row.bank_transaction_id)!;
    return ranked.map(presentCandidate);
  }

  /** The lines named, locked, each this organisation's (404), of the first line's account (400) and unmatched (409). */
  async function lockUnmatched(tx: Tx, orgId: string, first: BankLineRow, lineIds: readonly string[]): Promise<BankLineRow[]> {
    const rows = new Map((await lines.lock(tx, orgId, lineIds)).map((r) => [r.bank_transaction_id, r]));
    return lineIds.map((id, i) => {
      const field = i === 0 ? 'bank_transaction_id' : `bank_transaction_ids[${i - 1}]`;
      const row = rows.get(id);
      if (!row) throw notFound('bank transaction', field);
      if (row.account_id !== first.account_id) throw invalidValue(field, 'the lines of a match are of one account');
      if (row.status !== 'UNMATCHED') {
        throw invalidState(`bank line ${id} is ${row.status}: ${row.status === 'MATCHED' ? 'unmatch it first' : 'restore it first'}`, { bank_transaction_id: id, status: row.status });
      }
      return row;
    });
  }

  /** The entries named, as they stand on the account: unknown is 404, not posting to it 400, matched to another of its lines 409. */
  async function standingEntries(tx: Tx, orgId: string, accountId: string, body: MatchBody): Promise<BookEntry[]> {
    const keys = body.entries.map((e) => ({ source: e.source, sourceId: e.source_id }));
    const found = new Map((await candidatesReader.named(tx, orgId, accountId, keys)).map((e) => [entryKey(e.source, e.sourceId), e]));
    const missing = keys.filter((k) => !found.has(entryKey(k.source, k.sourceId)));
    const standing = await candidatesReader.standing(tx, orgId, missing);
    const matched = await candidatesReader.matchedOnAccount(tx, orgId, accountId, keys);
    return keys.map((k, i) => {
      const key = entryKey(k.source, k.sourceId);
      if (!found.has(key) && !standing.has(key)) throw notFound(`${k.source} entry`, `entries[${i}].source_id`);
      if (!found.has(key)) throw invalidValue(`entries[${i}]`, `this entry does not post to the bank line's account`);
      if (matched.has(key)) throw invalidState('this entry is matched to another line of the account already: unmatch that first', { source: k.source, source_id: k.sourceId });
      return found.get(key)!;
    });
  }

  async function record(tx: Tx, ctx: RequestContext, verb: 'MATCHED' | 'UNMATCHED', rows: readonly BankMatchesTable[], lineRows: readonly BankLineRow[]) {
    const match = presentMatch(rows);
    await deps.activity.record(tx, ctx, ...lineRows.map((l) => ({
      entityType: 'BANK_TRANSACTION' as const, entityId: l.bank_transaction_id, entityRef: l.reference, verb,
      metadata: { match_id: match.match_id, entries: match.entries, bank_transaction_ids: match.bank_transaction_ids },
    })));
    return { bank_match: match };
  }

  return {
    suggestions: async (ctx: RequestContext, lineId: string) => ({ suggestions: await fitsOf(ctx, lineId, false) }),

    candidates: async (ctx: RequestContext, lineId: string) => ({ candidates: await fitsOf(ctx, lineId, true) }),

    /** The account's unmatched lines, a page in the bank's order, each with its suggestions: the window's entries read once per page. */
    async accountSuggestions(ctx: RequestContext, accountId: string, query: AccountSuggestionsQuery) {
      const account = await lines.account(db, ctx.orgId, accountId);
      if (!account) throw notFound('account', 'account_id');
      if (!STATEMENT_ACCOUNT_TYPES.has(account.account_type)) throw invalidValue('account_id', `a ${account.account_type} account has no bank statement: only BANK and CASH accounts do`);
      const { perPage, after } = readCursor(deps.cursors, LIST, query);
      const rows = await lines.unmatched(db, ctx.orgId, accountId, { from: query.from_date, to: query.to_date }, after ? Number(after[0]) : null, perPage);
      const page = cursorPage(deps.cursors, LIST, rows, perPage, (r) => [Number(r.sequence)]);
      const windowDays = await matchWindowDays(db, ctx.orgId);
      const suggested = suggestionsFor(page.items.map(factsOf), await entriesAround(db, ctx.orgId, accountId, page.items, windowDays, { exactOnly: true }), windowDays);
      return {
        bank_transactions: page.items.map((r) => ({
          bank_transaction_id: r.bank_transaction_id, date: r.txn_date, direction: r.direction, amount: toRupees(Number(r.amount)), narration: r.narration, reference: r.reference,
          suggestions: suggested.get(r.bank_transaction_id)!.map(presentCandidate),
        })),
        page_context: page.page_context,
      };
    },

    /**
     * Matches the line, with any further lines, to the entries named: one line with several
     * entries or several lines with one, the amounts adding up to the paisa. Matches on one
     * account are made one at a time (the account's row is locked), so an entry is never taken twice.
     */
    match: (ctx: RequestContext, lineId: string, body: MatchBody) => deps.uow(ctx, async (tx) => {
      const first = await line(tx, ctx.orgId, lineId);
      const lineIds = [lineId, ...(body.bank_transaction_ids ?? [])];
      checkMatchShape(lineIds, body.entries.map((e) => entryKey(e.source, e.source_id)));
      await lines.lockAccount(tx, ctx.orgId, first.account_id);
      const lineRows = await lockUnmatched(tx, ctx.orgId, first, lineIds);
      const entries = await standingEntries(tx, ctx.orgId, first.account_id, body);
      checkMatchSum(lineRows.reduce((s, r) => s + factsOf(r).amount, 0), entries.reduce((s, e) => s + e.amount, 0));
      await bankMatchesStore.record(tx, deps.ids, { orgId: ctx.orgId, now: now() }, lineIds, entries.map((e) => ({ source: e.source, sourceId: e.sourceId, amount: e.amount })));
      return record(tx, ctx, 'MATCHED', await bankMatchesStore.groupOfLine(tx, ctx.orgId, lineId), lineRows);
    }),

    /** Removes the whole match the line is in; refused while any of its lines is in a closed reconciliation. */
    unmatch: (ctx: RequestContext, lineId: string) => deps.uow(ctx, async (tx) => {
      const first = await line(tx, ctx.orgId, lineId);
      await lines.lockAccount(tx, ctx.orgId, first.account_id);
      const rows = await bankMatchesStore.groupOfLine(tx, ctx.orgId, lineId);
      if (rows.length === 0) throw invalidState(`bank line ${lineId} is not matched`, { bank_transaction_id: lineId, status: first.status });
      const lineRows = await lines.lock(tx, ctx.orgId, [...new Set(rows.map((r) => r.bank_transaction_id))]);
      const reconciled = lineRows.find((r) => r.reconciliation_id !== null);
      if (reconciled) {
        throw new DomainError('conflict.reconciled', `bank line ${reconciled.bank_transaction_id} is in a closed reconciliation: reopen it first`, {
          details: { bank_transaction_id: reconciled.bank_transaction_id, reconciliation_id: reconciled.reconciliation_id },
        });
      }
      await bankMatchesStore.remove(tx, { orgId: ctx.orgId, now: now() }, rows);
      return record(tx, ctx, 'UNMATCHED', rows, lineRows);
    }),
  };
}

export type MatchService = ReturnType<typeof matchService>;
