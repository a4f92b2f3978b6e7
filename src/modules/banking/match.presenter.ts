import type { Db, Tx } from '../../db/database';
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

/**
 * The match each of the lines named is in (absent for a line not matched): what a bank line's
 * own view shows of its match, read for a page of lines at once.
 */
export async function matchesOfLines(reader: Db | Tx, orgId: string, lineIds: readonly string[]): Promise<Map<string, ReturnType<typeof presentMatch>>> {
  if (lineIds.length === 0) return new Map();
  const rows = await reader.selectFrom('bank_matches as m').selectAll('m')
    .where('m.org_id', '=', orgId)
    .where('m.match_group_id', 'in', (eb) => eb.selectFrom('bank_matches').select('match_group_id').where('org_id', '=', orgId).where('bank_transaction_id', 'in', [...lineIds]))
    .orderBy('m.bank_match_id').execute();
  const groups = new Map<string, BankMatchesTable[]>();
  for (const r of rows) groups.set(r.match_group_id, [...(groups.get(r.match_group_id) ?? []), r]);
  const out = new Map<string, ReturnType<typeof presentMatch>>();
  for (const group of groups.values()) {
    const match = presentMatch(group);
    for (const id of match.bank_transaction_ids) if (lineIds.includes(id)) out.set(id, match);
  }
  return out;
}
