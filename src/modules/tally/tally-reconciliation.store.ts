import type { Db } from '../../db/database';
import type { Paise } from '../../kernel/money';

/** What the reconciliation reads: the import, the row keys and the balances. */
export const tallyReconciliationStore = {
  find(db: Db, orgId: string, importId: string) {
    return db.selectFrom('imports').select(['import_id', 'format', 'status', 'trial_balance'])
      .where('org_id', '=', orgId).where('import_id', '=', importId).executeTakeFirst();
  },

  /** The records imports wrote under these row keys (a Tally master's key is its name). */
  async keyed(db: Db, orgId: string, kind: 'contacts' | 'accounts', keys: readonly string[]) {
    if (keys.length === 0) return new Map<string, string>();
    const rows = await db.selectFrom('import_keys').select(['row_key', 'entity_id']).where('org_id', '=', orgId)
      .where('kind', '=', kind).where('row_key', 'in', [...keys]).execute();
    return new Map(rows.map((r) => [r.row_key, r.entity_id]));
  },

  /**
   * The contacts or accounts of these names, case-insensitive, by id: a ledger whose record no row key
   * names (an account that already stood under the ledger's name, so the import wrote none).
   */
  async byName(db: Db, orgId: string, table: 'contacts' | 'accounts', names: readonly string[]) {
    if (names.length === 0) return new Map<string, string>();
    const lower = names.map((n) => n.toLowerCase());
    const rows = table === 'contacts'
      ? await db.selectFrom('contacts').select(['contact_id as id', 'contact_name as name']).where('org_id', '=', orgId).execute()
      : await db.selectFrom('accounts').select(['account_id as id', 'account_name as name']).where('org_id', '=', orgId).execute();
    return new Map(rows.filter((r) => lower.includes(r.name.toLowerCase())).map((r) => [r.name.toLowerCase(), r.id]));
  },

  async names(db: Db, orgId: string, table: 'contacts' | 'accounts', ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = table === 'contacts'
      ? await db.selectFrom('contacts').select(['contact_id as id', 'contact_name as name']).where('org_id', '=', orgId).where('contact_id', 'in', [...ids]).execute()
      : await db.selectFrom('accounts').select(['account_id as id', 'account_name as name']).where('org_id', '=', orgId).where('account_id', 'in', [...ids]).execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  /** Every account's balance over all entries, debit positive, with its system key. */
  async accountBalances(db: Db, orgId: string) {
    const [totals, accounts] = await Promise.all([
      db.selectFrom('ledger_balances').select(({ fn }) => ['account_id', fn.sum<number>('debit').as('debit'), fn.sum<number>('credit').as('credit')])
        .where('org_id', '=', orgId).groupBy('account_id').execute(),
      db.selectFrom('accounts').select(['account_id', 'system_key']).where('org_id', '=', orgId).execute(),
    ]);
    const byId = new Map<string, Paise>(totals.map((t) => [t.account_id, Number(t.debit) - Number(t.credit)]));
    return { byId, bySystemKey: new Map(accounts.filter((a) => a.system_key !== null).map((a) => [a.system_key!, byId.get(a.account_id) ?? 0])) };
  },

  /** Each contact's party balance: its lines on receivable- and payable-type accounts, debit positive. */
  async partyBalances(db: Db, orgId: string, contactIds: readonly string[]) {
    if (contactIds.length === 0) return new Map<string, Paise>();
    const rows = await db.selectFrom('journal_lines as l').innerJoin('accounts as a', (j) => j.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
      .select(({ fn }) => ['l.contact_id', fn.sum<number>('l.debit').as('debit'), fn.sum<number>('l.credit').as('credit')])
      .where('l.org_id', '=', orgId).where('l.contact_id', 'in', [...contactIds]).where('a.account_type', 'in', ['ACCOUNTS_RECEIVABLE', 'ACCOUNTS_PAYABLE'])
      .groupBy('l.contact_id').execute();
    return new Map(rows.map((r) => [r.contact_id!, Number(r.debit) - Number(r.credit)]));
  },
};
