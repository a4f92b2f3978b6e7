import type { Db, Tx } from '../../db/database';
import type { BankMatchesTable } from '../../db/bank-schema';
import type { IdGenerator } from '../../kernel/ids';
import type { Paise } from '../../kernel/money';

/** A book entry as a match names it: its journal source and id, and what it posted to the line's account (+ in, − out). */
export interface MatchedEntry {
  source: string;
  sourceId: string;
  amount: Paise;
}

/**
 * The rows of matches (docs/rules/banking.md, "Suggestions and matching"). Whether a match may be
 * made (amounts sum exactly, never many with many, lines not already matched) is the caller's
 * rule; this writes and reads what was decided, in the caller's transaction.
 */
export const bankMatchesStore = {
  /** Records one match of lines with entries under a new group id, and marks its lines MATCHED. */
  async record(tx: Tx, ids: IdGenerator, at: { orgId: string; now: string }, lineIds: readonly string[], entries: readonly MatchedEntry[]): Promise<string> {
    const groupId = ids.next('bmt');
    const rows: BankMatchesTable[] = lineIds.flatMap((lineId) => entries.map((e) => ({
      org_id: at.orgId, bank_match_id: ids.next('bmt'), match_group_id: groupId, bank_transaction_id: lineId,
      source: e.source, source_id: e.sourceId, amount: e.amount, created_time: at.now,
    })));
    await tx.insertInto('bank_matches').values(rows).execute();
    await tx.updateTable('bank_transactions').set((eb) => ({ status: 'MATCHED', version: eb('version', '+', 1), updated_time: at.now }))
      .where('org_id', '=', at.orgId).where('bank_transaction_id', 'in', [...lineIds]).execute();
    return groupId;
  },

  /** The match a line is in: every row of its group (empty when the line is not matched). */
  async groupOfLine(reader: Db | Tx, orgId: string, lineId: string): Promise<BankMatchesTable[]> {
    return reader.selectFrom('bank_matches as m').selectAll('m')
      .where('m.org_id', '=', orgId)
      .where('m.match_group_id', 'in', (eb) => eb.selectFrom('bank_matches').select('match_group_id').where('org_id', '=', orgId).where('bank_transaction_id', '=', lineId))
      .execute();
  },

  /** Removes a match and puts its lines back to UNMATCHED. */
  async remove(tx: Tx, at: { orgId: string; now: string }, rows: readonly BankMatchesTable[]): Promise<void> {
    const groups = [...new Set(rows.map((r) => r.match_group_id))];
    const lines = [...new Set(rows.map((r) => r.bank_transaction_id))];
    if (groups.length === 0) return;
    await tx.deleteFrom('bank_matches').where('org_id', '=', at.orgId).where('match_group_id', 'in', groups).execute();
    await tx.updateTable('bank_transactions').set((eb) => ({ status: 'UNMATCHED', version: eb('version', '+', 1), updated_time: at.now }))
      .where('org_id', '=', at.orgId).where('bank_transaction_id', 'in', lines).execute();
  },

  /** The matches that name an entry: what an edit, void or delete of it must respect. */
  async ofEntry(reader: Db | Tx, orgId: string, source: string, sourceId: string): Promise<BankMatchesTable[]> {
    return reader.selectFrom('bank_matches').selectAll().where('org_id', '=', orgId).where('source', '=', source).where('source_id', '=', sourceId).execute();
  },
};
