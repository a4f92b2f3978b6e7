import type { Db } from '../../db/database';
import type { CursorCodec } from '../../kernel/cursor';
import { csvRecords, toCsv } from '../../kernel/csv';
import { formatRupees, toRupees } from '../../kernel/money';
import { cursorPage, readCursor } from '../../platform/pagination';
import { journalPage, linesOf } from './day-book.repository';
import type { DayBookQuery } from './ledger-reports.schemas';
import type { DateRange } from './report-range';

/** Entries read at a time when the whole range is written out (CSV). */
const WALK_PAGE = 500;
export const DAY_BOOK_COLUMNS = ['date', 'journal_id', 'source', 'source_id', 'document_number', 'kind', 'memo', 'contact_name', 'account_code', 'account_name', 'description', 'debit', 'credit'] as const;

type After = { date: string; journalId: string } | null;

export function dayBookService(deps: { db: Db; cursors: CursorCodec; rangeOf: (from?: string, to?: string) => DateRange }) {
  const { db } = deps;

  /** Up to perPage entries after `after` with their lines, and whether more follow. */
  async function readEntries(orgId: string, range: DateRange, after: After, perPage: number) {
    const rows = await journalPage(db, orgId, range, after, perPage);
    const lines = await linesOf(db, orgId, rows.slice(0, perPage).map((r) => r.journal_id));
    return rows.map((j) => ({
      journal_id: j.journal_id, date: j.entry_date, source: j.source, source_id: j.source_id, document_number: j.source_ref, kind: j.kind,
      contact_id: j.contact_id, contact_name: j.contact_name, memo: j.memo,
      lines: lines.filter((l) => l.journal_id === j.journal_id).map((l) => ({
        account_id: l.account_id, account_name: l.account_name, account_code: l.account_code, branch_id: l.branch_id,
        description: l.description, debit: Number(l.debit), credit: Number(l.credit),
      })),
    }));
  }

  const inRupees = <T extends { lines: { debit: number; credit: number }[] }>(entry: T) =>
    ({ ...entry, lines: entry.lines.map((l) => ({ ...l, debit: toRupees(l.debit), credit: toRupees(l.credit) })) });

  return {
    async page(orgId: string, query: DayBookQuery) {
      const range = deps.rangeOf(query.from_date, query.to_date);
      const list = ['day_book', range.from, range.to].join(':');
      const { perPage, after } = readCursor(deps.cursors, list, query);
      const entries = await readEntries(orgId, range, after ? { date: String(after[0]), journalId: String(after[1]) } : null, perPage);
      const paged = cursorPage(deps.cursors, list, entries, perPage, (e) => [e.date, e.journal_id]);
      return { day_book: { from_date: range.from, to_date: range.to, journals: paged.items.map(inRupees) }, page_context: paged.page_context };
    },

    /** The whole range as CSV, a row per line, read a page of entries at a time. */
    csv(orgId: string, query: DayBookQuery) {
      const range = deps.rangeOf(query.from_date, query.to_date);
      return (async function* rows() {
        yield toCsv(DAY_BOOK_COLUMNS, []);
        let after: After = null;
        for (;;) {
          const entries = await readEntries(orgId, range, after, WALK_PAGE);
          const shown = entries.slice(0, WALK_PAGE);
          yield csvRecords(DAY_BOOK_COLUMNS, shown.flatMap((e) => e.lines.map((l) => ({
            date: e.date, journal_id: e.journal_id, source: e.source, source_id: e.source_id, document_number: e.document_number ?? '', kind: e.kind,
            memo: e.memo ?? '', contact_name: e.contact_name ?? '', account_code: l.account_code ?? '', account_name: l.account_name,
            description: l.description ?? '', debit: formatRupees(l.debit), credit: formatRupees(l.credit),
          }))));
          const last = shown[shown.length - 1];
          if (entries.length <= WALK_PAGE || !last) return;
          after = { date: last.date, journalId: last.journal_id };
        }
      })();
    },
  };
}

export type DayBookService = ReturnType<typeof dayBookService>;
