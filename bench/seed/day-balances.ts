import type { BulkTarget } from './bulk-target';

/**
 * The day balances a posting keeps (src/modules/ledger/ledger-balances.ts), summed once from all
 * of the organisation's journal lines: what a bulk load that wrote lines directly must do before
 * `ledger verify` and the statements read them.
 */
export async function rebuildDayBalances(target: BulkTarget, orgId: string): Promise<void> {
  await target.run('DELETE FROM ledger_balances WHERE org_id = ?', [orgId]);
  await target.run(`INSERT INTO ledger_balances (org_id, account_id, branch_id, entry_date, debit, credit)
    SELECT org_id, account_id, branch_id, entry_date, sum(debit), sum(credit) FROM journal_lines WHERE org_id = ?
    GROUP BY org_id, account_id, branch_id, entry_date`, [orgId]);
}
