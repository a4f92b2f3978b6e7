import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { JournalLineRow, JournalRow } from './ledger.repository';

/** A journal entry as the API shows it (docs/rules/ledger-and-periods.md, "Journals as the API shows them": journal_id, date, source, source_id, memo, lines[]). */
export function presentJournal(j: JournalRow, lines: readonly JournalLineRow[]) {
  return {
    journal_id: j.journal_id,
    date: j.entry_date,
    source: j.source,
    source_id: j.source_id,
    source_version: j.source_version,
    source_ref: j.source_ref,
    kind: j.kind,
    status: j.kind === 'REVERSAL' ? 'REVERSAL' : j.reversed_by_journal_id ? 'REVERSED' : 'POSTED',
    reverses_journal_id: j.reverses_journal_id,
    reversed_by_journal_id: j.reversed_by_journal_id,
    memo: j.memo,
    contact_id: j.contact_id,
    branch_id: j.branch_id,
    total: toRupees(j.total),
    lines: lines.map((l) => ({
      account_id: l.account_id,
      debit: toRupees(l.debit),
      credit: toRupees(l.credit),
      description: l.description,
      contact_id: l.contact_id,
      branch_id: l.branch_id,
    })),
    created_time: isoTimestamp(new Date(j.created_time)),
  };
}
