import type { Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { ledgerRepository } from '../ledger';
import { netOnAccount } from './create-from-line.rules';

/** The reads a create from a line makes, in its transaction. */
export const createFromLineStore = {
  /** A line of this organisation, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a time). */
  async line(tx: Tx, orgId: string, lineId: string) {
    let query = tx.selectFrom('bank_transactions').selectAll().where('org_id', '=', orgId).where('bank_transaction_id', '=', lineId);
    if (engineOf(tx) === 'postgres') query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row && { ...row, amount: Number(row.amount) };
  },

  /** What an entry's postings in force put on an account, in paise: debits less credits. */
  async postedTo(tx: Tx, orgId: string, source: string, sourceId: string, accountId: string): Promise<number> {
    const journals = await ledgerRepository.livePostings(tx, orgId, source, sourceId);
    const lines = await ledgerRepository.lines(tx, orgId, journals.map((j) => j.journal_id));
    return netOnAccount(lines.map((l) => ({ account_id: l.account_id, debit: Number(l.debit), credit: Number(l.credit) })), accountId);
  },

  /** A BANK or CASH account of this organisation, or undefined. */
  async moneyAccount(tx: Tx, orgId: string, accountId: string) {
    return tx.selectFrom('accounts').select(['account_id', 'account_type']).where('org_id', '=', orgId).where('account_id', '=', accountId)
      .where('account_type', 'in', ['BANK', 'CASH']).executeTakeFirst();
  },
};

export type BankLineRow = NonNullable<Awaited<ReturnType<typeof createFromLineStore.line>>>;
