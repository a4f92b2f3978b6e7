import type { Tx } from '../../db/database';
import { deferredState } from '../../db/before-commit';
import { insertAddingUp } from '../../db/prepared';
import type { LedgerBalancesTable } from '../../db/schema';

/** A posted line as the balances count it. */
export interface BalanceMove {
  accountId: string;
  branchId: string;
  debit: number;
  credit: number;
}

/** The moves of one transaction, summed per account, branch and day. */
type Pending = Map<string, LedgerBalancesTable>;

/**
 * Adds an entry's lines to the organisation's per-account, per-branch, per-day balances.
 * The sums collect in memory and are written as the transaction's last statement (one upsert,
 * before-commit.ts): a day's hot rows (receivables, sales, output GST) are then locked only
 * for the commit, and always in one order (account, branch, day), so two writers never
 * deadlock on them.
 */
export function addToBalances(tx: Tx, orgId: string, entryDate: string, lines: readonly BalanceMove[]): void {
  const pending = deferredState<Pending>(tx, 'ledger_balances', () => new Map(), (moves) => writeBalances(tx, moves));
  for (const l of lines) {
    const key = `${l.accountId}\u0000${l.branchId}\u0000${entryDate}`;
    const row = pending.get(key);
    if (row) {
      row.debit += l.debit;
      row.credit += l.credit;
    } else {
      pending.set(key, { org_id: orgId, account_id: l.accountId, branch_id: l.branchId, entry_date: entryDate, debit: l.debit, credit: l.credit });
    }
  }
}

async function writeBalances(tx: Tx, pending: Pending): Promise<void> {
  const rows = [...pending.values()].sort(byBalanceKey);
  // Batchable: on PostgreSQL it goes with the closing inserts before it as the COMMIT's one statement.
  await insertAddingUp(tx, 'ledger_balances', rows, ['org_id', 'account_id', 'branch_id', 'entry_date'], ['debit', 'credit'], { batchable: true });
}

/** The primary key's order: the one every writer locks rows in. */
export function byBalanceKey(a: LedgerBalancesTable, b: LedgerBalancesTable): number {
  return cmp(a.org_id, b.org_id) || cmp(a.account_id, b.account_id) || cmp(a.branch_id, b.branch_id) || cmp(a.entry_date, b.entry_date);
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
