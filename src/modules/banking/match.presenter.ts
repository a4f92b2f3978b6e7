import type { BankMatchesTable } from '../../db/bank-schema';
import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { BookEntry } from './candidates.reader';
import type { Suggested } from './suggestion.rules';

/** An entry as a suggestion or candidate shows it (BankMatchCandidate), in rupees. */
export const presentCandidate = (e: Suggested<BookEntry>) => ({
  source: e.source, source_id: e.sourceId, kind: e.kind, flow: e.flow, date: e.date, amount: toRupees(e.amount),
  reference: e.reference, contact_id: e.contactId, party_name: e.partyName, description: e.description,
  score: e.fit.score, reasons: e.fit.reasons,
});

/** A match as the API shows it (BankMatch): its lines and its entries, each entry once. */
export function presentMatch(rows: readonly BankMatchesTable[]) {
  const entries = new Map(rows.map((r) => [`${r.source}:${r.source_id}`, { source: r.source, source_id: r.source_id, amount: toRupees(Number(r.amount)) }]));
  return {
    match_id: rows[0]!.match_group_id,
    bank_transaction_ids: [...new Set(rows.map((r) => r.bank_transaction_id))],
    entries: [...entries.values()],
    created_time: isoTimestamp(new Date(rows[0]!.created_time)),
  };
}
