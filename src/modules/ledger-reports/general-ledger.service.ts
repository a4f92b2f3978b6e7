import type { Db } from '../../db/database';
import type { CursorCodec } from '../../kernel/cursor';
import { csvRecords, toCsv } from '../../kernel/csv';
import { invalidValue, notFound } from '../../kernel/errors';
import { formatRupees, toRupees } from '../../kernel/money';
import { cursorPage, readCursor } from '../../platform/pagination';
import { catalogRepository } from '../catalog';
import { accountOpening } from '../financial-statements';
import { branchOfOrg } from '../ledger';
import { linePage, rangeSums, type AccountRange, type LinePosition } from './general-ledger.repository';
import type { GeneralLedgerQuery } from './ledger-reports.schemas';
import type { DateRange } from './report-range';
import { sideOf, withRunningBalance } from './running-balance.rules';

/** The account types a cash book is kept for. */
const CASH_TYPES = ['BANK', 'CASH'];
/** Lines read at a time when the whole range is written out (CSV). */
const WALK_PAGE = 1000;
export const GENERAL_LEDGER_COLUMNS = ['date', 'journal_id', 'source', 'source_id', 'document_number', 'kind', 'contact_name', 'description', 'debit', 'credit', 'balance', 'balance_side'] as const;

/**
 * Where a walk stands after a line: that line's place, the running net after it, and the
 * range's sums (read once, on the first page). A cursor carries all of it, so a page deep in
 * a large account costs one index range of `per_page` lines, never a sum of the lines before it.
 */
interface WalkState {
  after: LinePosition | null;
  net: number;
  sums: { opening: number; debit: number; credit: number };
}

type Line = Awaited<ReturnType<typeof linePage>>[number];
type Account = NonNullable<Awaited<ReturnType<typeof catalogRepository.account>>>;

export function generalLedgerService(deps: { db: Db; cursors: CursorCodec; rangeOf: (from?: string, to?: string) => DateRange }) {
  const { db } = deps;

  /** The account (404 when not this organisation's; 400 for a cash book on another type) and the range asked for. */
  async function open(orgId: string, query: GeneralLedgerQuery, cashOnly: boolean) {
    const account = await catalogRepository.account(db, orgId, query.account_id);
    if (!account) throw notFound('account', 'account_id');
    if (cashOnly && !CASH_TYPES.includes(account.account_type)) {
      throw invalidValue('account_id', `a cash book is kept for BANK and CASH accounts; this one is ${account.account_type}`);
    }
    if (query.branch_id) await branchOfOrg(db, orgId, query.branch_id);
    const { from, to } = deps.rangeOf(query.from_date, query.to_date);
    const range: AccountRange = { orgId, accountId: account.account_id, branchId: query.branch_id ?? null, from, to };
    // The cursor belongs to this account, branch and range: the running balance it carries holds for them only.
    const list = ['general_ledger', range.accountId, range.branchId ?? '', from, to].join(':');
    return { account, range, list };
  }

  /** The range's sums: its opening by the year-opening rule (an income or expense account from 1 April), its debits and credits. */
  async function firstState(account: Account, range: AccountRange): Promise<WalkState> {
    const [opening, moved] = await Promise.all([accountOpening(db, range.orgId, account, range.from, range.branchId), rangeSums(db, range)]);
    const sums = { opening, ...moved };
    return { after: null, net: opening, sums };
  }

  /** Up to perPage + 1 lines after the state's, each with the running net after it. */
  async function readLines(range: AccountRange, state: WalkState, perPage: number) {
    const rows = await linePage(db, range, state.after, perPage);
    return withRunningBalance(rows.map((r) => ({ ...r, debit: Number(r.debit), credit: Number(r.credit) })), state.net);
  }

  const stateAfter = (line: Line & { net: number }, sums: WalkState['sums']): WalkState =>
    ({ after: { date: line.entry_date, journalId: line.journal_id, position: Number(line.position) }, net: line.net, sums });

  const present = (l: Line & { debit: number; credit: number; net: number }) => ({
    line_id: l.line_id, journal_id: l.journal_id, date: l.entry_date, source: l.source, source_id: l.source_id,
    document_number: l.source_ref, kind: l.kind, contact_id: l.contact_id, contact_name: l.contact_name,
    description: l.description ?? l.memo, debit: toRupees(l.debit), credit: toRupees(l.credit),
    balance: toRupees(Math.abs(l.net)), balance_side: sideOf(l.net),
  });

  function header(account: { account_id: string; account_name: string; account_code: string | null; account_type: string }, range: AccountRange, sums: WalkState['sums']) {
    const closing = sums.opening + sums.debit - sums.credit;
    return {
      account: { account_id: account.account_id, account_name: account.account_name, account_code: account.account_code, account_type: account.account_type },
      branch_id: range.branchId, from_date: range.from, to_date: range.to,
      opening_balance: toRupees(Math.abs(sums.opening)), opening_balance_side: sideOf(sums.opening),
      total_debit: toRupees(sums.debit), total_credit: toRupees(sums.credit),
      closing_balance: toRupees(Math.abs(closing)), closing_balance_side: sideOf(closing),
    };
  }

  return {
    /** One page of the account's lines, its running balance continued from the cursor. */
    async page(orgId: string, query: GeneralLedgerQuery, options: { cashOnly: boolean }) {
      const { account, range, list } = await open(orgId, query, options.cashOnly);
      const { perPage, after } = readCursor(deps.cursors, list, query);
      const state = after ? stateOf(after) : await firstState(account, range);
      const lines = await readLines(range, state, perPage);
      const paged = cursorPage(deps.cursors, list, lines, perPage, (l) => positionOf(stateAfter(l, state.sums)));
      return { ledger: { ...header(account, range, state.sums), lines: paged.items.map(present) }, page_context: paged.page_context };
    },

    /** The whole range as CSV, read a page at a time so that an account of any size streams in constant memory. */
    async csv(orgId: string, query: GeneralLedgerQuery, options: { cashOnly: boolean }) {
      const { account, range } = await open(orgId, query, options.cashOnly);
      let state = await firstState(account, range);
      return (async function* rows() {
        yield toCsv(GENERAL_LEDGER_COLUMNS, []);
        for (;;) {
          const lines = await readLines(range, state, WALK_PAGE);
          const shown = lines.slice(0, WALK_PAGE);
          yield csvRecords(GENERAL_LEDGER_COLUMNS, shown.map((l) => ({
            date: l.entry_date, journal_id: l.journal_id, source: l.source, source_id: l.source_id, document_number: l.source_ref ?? '', kind: l.kind,
            contact_name: l.contact_name ?? '', description: l.description ?? l.memo ?? '',
            debit: formatRupees(l.debit), credit: formatRupees(l.credit), balance: formatRupees(Math.abs(l.net)), balance_side: sideOf(l.net),
          })));
          const last = shown[shown.length - 1];
          if (lines.length <= WALK_PAGE || !last) return;
          state = stateAfter(last, state.sums);
        }
      })();
    },
  };
}

/** A walk state as a cursor position, and back (a cursor's position is only ever one this list minted). */
const positionOf = (s: WalkState) => [s.after?.date ?? '', s.after?.journalId ?? '', s.after?.position ?? 0, s.net, s.sums.opening, s.sums.debit, s.sums.credit];
function stateOf(p: readonly (string | number)[]): WalkState {
  const [date, journalId, position, net, opening, debit, credit] = p;
  return { after: { date: String(date), journalId: String(journalId), position: Number(position) }, net: Number(net), sums: { opening: Number(opening), debit: Number(debit), credit: Number(credit) } };
}

export type GeneralLedgerService = ReturnType<typeof generalLedgerService>;
