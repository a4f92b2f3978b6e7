import type { Db, Tx } from '../../db/database';
import type { LocalDate } from '../../kernel/local-date';
import type { RuleRow } from './rule.rules';

/** Lines updated or read per statement: well inside either engine's limit of bound parameters. */
const CHUNK = 500;

const chunks = <T>(all: readonly T[]) => Array.from({ length: Math.ceil(all.length / CHUNK) }, (_, i) => all.slice(i * CHUNK, (i + 1) * CHUNK));

const numeric = (r: RuleRow): RuleRow => ({
  ...r, priority: Number(r.priority), amount_min: r.amount_min === null ? null : Number(r.amount_min), amount_max: r.amount_max === null ? null : Number(r.amount_max),
});

/** Which of an account's lines a run of the rules reads: named ones (an import's), or a date range. */
export interface LineSelection { accountId: string; lineIds?: readonly string[]; fromDate?: LocalDate; toDate?: LocalDate }

/** The rows of bank rules, and the lines they are applied to. */
export const bankRulesStore = {
  find: async (db: Db | Tx, orgId: string, ruleId: string) => {
    const row = await db.selectFrom('bank_rules').selectAll().where('org_id', '=', orgId).where('bank_rule_id', '=', ruleId).executeTakeFirst();
    return row && numeric(row);
  },

  /** Every rule of the organisation, by priority; with an account, those that read its lines. */
  async list(db: Db | Tx, orgId: string, accountId?: string): Promise<RuleRow[]> {
    let query = db.selectFrom('bank_rules').selectAll().where('org_id', '=', orgId);
    if (accountId) query = query.where((eb) => eb.or([eb('account_id', 'is', null), eb('account_id', '=', accountId)]));
    return (await query.orderBy('priority').orderBy('bank_rule_id').execute()).map(numeric);
  },

  insert: (tx: Tx, row: RuleRow) => tx.insertInto('bank_rules').values(row).execute(),

  update: (tx: Tx, row: RuleRow) => tx.updateTable('bank_rules').set(row).where('org_id', '=', row.org_id).where('bank_rule_id', '=', row.bank_rule_id).execute(),

  /** Deletes a rule; the lines it suggested no longer name it. */
  async remove(tx: Tx, orgId: string, ruleId: string) {
    await tx.updateTable('bank_transactions').set({ bank_rule_id: null }).where('org_id', '=', orgId).where('bank_rule_id', '=', ruleId).execute();
    await tx.deleteFrom('bank_rules').where('org_id', '=', orgId).where('bank_rule_id', '=', ruleId).execute();
  },

  /** The unmatched lines of the selection that no closed reconciliation settled, in the bank's order. */
  async openLines(tx: Tx, orgId: string, s: LineSelection) {
    const columns = ['bank_transaction_id', 'account_id', 'narration', 'direction', 'amount', 'txn_date', 'bank_rule_id', 'sequence'] as const;
    const rows = [];
    if (s.lineIds === undefined) {
      let q = tx.selectFrom('bank_transactions').select(columns)
        .where('org_id', '=', orgId).where('account_id', '=', s.accountId).where('status', '=', 'UNMATCHED').where('reconciliation_id', 'is', null);
      if (s.fromDate) q = q.where('txn_date', '>=', s.fromDate);
      if (s.toDate) q = q.where('txn_date', '<=', s.toDate);
      rows.push(...await q.orderBy('sequence').execute());
    } else {
      // The lines an import just stored, by their key: filtered by the status index instead, each chunk
      // scanned every open line of the account (15 s for a statement of 100,000 lines; docs/benchmarks.md).
      for (const ids of chunks(s.lineIds)) {
        const found = await tx.selectFrom('bank_transactions').select([...columns, 'status', 'reconciliation_id'])
          .where('org_id', '=', orgId).where('bank_transaction_id', 'in', ids).execute();
        rows.push(...found.filter((r) => r.account_id === s.accountId && r.status === 'UNMATCHED' && r.reconciliation_id === null));
      }
      rows.sort((a, b) => Number(a.sequence) - Number(b.sequence));
    }
    return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
  },

  /** Records on lines the SUGGEST rule that fits them. */
  async suggest(tx: Tx, orgId: string, ruleId: string, lineIds: readonly string[], now: string) {
    for (const ids of chunks(lineIds)) {
      await tx.updateTable('bank_transactions').set((eb) => ({ bank_rule_id: ruleId, version: eb('version', '+', 1), updated_time: now }))
        .where('org_id', '=', orgId).where('bank_transaction_id', 'in', ids).execute();
    }
  },
};
