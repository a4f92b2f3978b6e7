import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { BankTransactionsTable } from '../../db/bank-schema';
import type { LocalDate } from '../../kernel/local-date';
import type { LineFacts } from './suggestion.rules';

type Reader = Db | Tx;
export type BankLineRow = BankTransactionsTable;

/** A stored line as suggestions read it: its signed amount, + into the account. */
export const factsOf = (row: BankLineRow): LineFacts => ({
  id: row.bank_transaction_id, date: row.txn_date, valueDate: row.value_date, narration: row.narration, reference: row.reference,
  amount: row.direction === 'IN' ? Number(row.amount) : -Number(row.amount),
});

/** The bank lines matching reads and changes (docs/rules/banking.md, "Suggestions and matching"). */
export const matchLinesStore = {
  async find(reader: Reader, orgId: string, lineId: string): Promise<BankLineRow | undefined> {
    return reader.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('bank_transaction_id', '=', lineId).executeTakeFirst();
  },

  /** The lines named, in the caller's transaction; on PostgreSQL locked until it ends, so no other match takes them meanwhile. */
  async lock(tx: Tx, orgId: string, lineIds: readonly string[]): Promise<BankLineRow[]> {
    if (lineIds.length === 0) return [];
    const q = tx.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('bank_transaction_id', 'in', [...lineIds]).orderBy('bank_transaction_id');
    return (engineOf(tx) === 'postgres' ? q.forUpdate() : q).execute();
  },

  /**
   * Locks the account's row for the rest of the transaction on PostgreSQL: matches on one account
   * are made one at a time, so two lines never take the same entry at once. SQLite's writer is one.
   */
  async lockAccount(tx: Tx, orgId: string, accountId: string): Promise<void> {
    if (engineOf(tx) !== 'postgres') return;
    await tx.selectFrom('accounts').select('account_id').where('org_id', '=', orgId).where('account_id', '=', accountId).forUpdate().execute();
  },

  /** The account a statement may be of: this organisation's, and its type. */
  async account(reader: Reader, orgId: string, accountId: string) {
    return reader.selectFrom('accounts').select(['account_id', 'account_type']).where('org_id', '=', orgId).where('account_id', '=', accountId).executeTakeFirst();
  },

  /** The account's unmatched lines dated within [from, to], in the bank's order, after a sequence; one beyond the page. */
  async unmatched(reader: Reader, orgId: string, accountId: string, range: { from?: LocalDate; to?: LocalDate }, afterSequence: number | null, limit: number): Promise<BankLineRow[]> {
    let q = reader.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('account_id', '=', accountId).where('status', '=', 'UNMATCHED');
    if (range.from) q = q.where('txn_date', '>=', range.from);
    if (range.to) q = q.where('txn_date', '<=', range.to);
    if (afterSequence !== null) q = q.where('sequence', '>', afterSequence);
    return q.orderBy('sequence').limit(limit + 1).execute();
  },

  /** The named lines of one account that are still unmatched: what an import's auto-match looks at. */
  async unmatchedOf(reader: Reader, orgId: string, accountId: string, lineIds: readonly string[]): Promise<BankLineRow[]> {
    const out: BankLineRow[] = [];
    // By the lines' key alone: the status index would be scanned whole for each chunk of a large import.
    for (let i = 0; i < lineIds.length; i += 500) {
      const found = await reader.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('bank_transaction_id', 'in', lineIds.slice(i, i + 500)).execute();
      out.push(...found.filter((r) => r.account_id === accountId && r.status === 'UNMATCHED'));
    }
    return out.sort((a, b) => Number(a.sequence) - Number(b.sequence));
  },
};
