import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { notFound } from '../../kernel/errors';
import { entryKey, inBankOrder, type BankLine, type BookLine } from './reconciliation-books.rules';
import type { AccountTies, MatchGroup } from './reconciliation-ties.rules';

/* What a reconciliation reads of an account: its bank lines, their matches and its ledger lines. */

export const reconciliationReader = {
  /** A BANK or CASH account of the organisation (404 otherwise); on PostgreSQL locked, so reconciliations of one account are made one at a time. */
  async account(reader: Db | Tx, orgId: string, accountId: string, lock = false) {
    let q = reader.selectFrom('accounts').select(['account_id', 'account_name', 'account_type'])
      .where('org_id', '=', orgId).where('account_id', '=', accountId).where('account_type', 'in', ['BANK', 'CASH']);
    if (lock && engineOf(reader) === 'postgres') q = q.forUpdate();
    const account = await q.executeTakeFirst();
    if (!account) throw notFound('bank or cash account', 'account_id');
    return account;
  },

  /** Both sides of the account: every line the bank stated, every match of them, and every journal line on it. */
  async ties(reader: Db | Tx, orgId: string, accountId: string): Promise<AccountTies> {
    const [lines, matches, bookLines] = await Promise.all([
      reader.selectFrom('bank_transactions')
        .select(['bank_transaction_id', 'statement_id', 'txn_date', 'sequence', 'direction', 'amount', 'balance', 'status', 'reconciliation_id', 'narration', 'reference'])
        .where('org_id', '=', orgId).where('account_id', '=', accountId).execute(),
      reader.selectFrom('bank_matches as m')
        .innerJoin('bank_transactions as t', (j) => j.onRef('t.org_id', '=', 'm.org_id').onRef('t.bank_transaction_id', '=', 'm.bank_transaction_id'))
        .select(['m.match_group_id', 'm.bank_transaction_id', 'm.source', 'm.source_id'])
        .where('m.org_id', '=', orgId).where('t.account_id', '=', accountId).execute(),
      reader.selectFrom('journal_lines as l')
        .innerJoin('journals as j', (join) => join.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
        .select(['j.source', 'j.source_id', 'l.entry_date', 'l.debit', 'l.credit', 'j.kind', 'j.reversed_by_journal_id', 'j.source_ref', 'j.memo'])
        .where('l.org_id', '=', orgId).where('l.account_id', '=', accountId).execute(),
    ]);
    const bankLines: BankLine[] = lines.map((l) => ({
      id: l.bank_transaction_id, date: l.txn_date, sequence: Number(l.sequence), direction: l.direction === 'IN' ? 'IN' : 'OUT', amount: Number(l.amount),
      balance: l.balance === null ? null : Number(l.balance), status: l.status, reconciliationId: l.reconciliation_id, narration: l.narration, reference: l.reference,
    }));
    const groups = new Map<string, { lineIds: Set<string>; entryKeys: Set<string> }>();
    for (const m of matches) {
      const group = groups.get(m.match_group_id) ?? { lineIds: new Set<string>(), entryKeys: new Set<string>() };
      group.lineIds.add(m.bank_transaction_id);
      group.entryKeys.add(entryKey(m.source, m.source_id));
      groups.set(m.match_group_id, group);
    }
    const first = inBankOrder(bankLines)[0];
    const statement = first && await reader.selectFrom('bank_statements').select('opening_balance')
      .where('org_id', '=', orgId).where('statement_id', '=', lines.find((l) => l.bank_transaction_id === first.id)!.statement_id).executeTakeFirst();
    return {
      lines: bankLines,
      groups: [...groups.values()].map((g): MatchGroup => ({ lineIds: [...g.lineIds], entryKeys: [...g.entryKeys] })),
      bookLines: bookLines.map((l): BookLine => ({
        source: l.source, sourceId: l.source_id, date: l.entry_date, amount: Number(l.debit) - Number(l.credit),
        standing: l.kind === 'POSTING' && l.reversed_by_journal_id === null, reference: l.source_ref, memo: l.memo,
      })),
      statementOpening: statement?.opening_balance == null ? null : Number(statement.opening_balance),
    };
  },
};
