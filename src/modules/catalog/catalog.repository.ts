import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { ItemsTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

/** Reads of the organisation's catalog: accounts, taxes, branches, items. Other modules use these finders. */
export const catalogRepository = {
  account: (db: Db | Tx, orgId: string, accountId: string) =>
    db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('account_id', '=', accountId).executeTakeFirst(),

  accountByKey: (db: Db | Tx, orgId: string, systemKey: string) =>
    db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('system_key', '=', systemKey).executeTakeFirst(),

  listAccounts(db: Db, orgId: string, types: readonly string[] | null, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('is_active', '=', 1);
    if (types) query = query.where('account_type', 'in', types);
    if (after) query = query.where('account_id', '>', String(after[0]));
    return query.orderBy('account_id').limit(limit + 1).execute();
  },

  /** A system account every organisation is bootstrapped with; its absence is a broken organisation, not bad input. */
  async systemAccountId(db: Db | Tx, orgId: string, systemKey: string): Promise<string> {
    const account = await catalogRepository.accountByKey(db, orgId, systemKey);
    if (!account) throw new Error(`organisation ${orgId} lacks its ${systemKey} account`);
    return account.account_id;
  },

  /** The spec posts round-offs to a ledger named Round Off or Rounding; without one, nothing is rounded. */
  roundOffAccount: (db: Db | Tx, orgId: string) =>
    db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('is_active', '=', 1)
      .where(sql<boolean>`lower(account_name) in ('round off', 'rounding')`).orderBy('account_id').executeTakeFirst(),

  tax: (db: Db | Tx, orgId: string, taxId: string) =>
    db.selectFrom('taxes').selectAll().where('org_id', '=', orgId).where('tax_id', '=', taxId).executeTakeFirst(),

  listTaxes: (db: Db, orgId: string) => db.selectFrom('taxes').selectAll().where('org_id', '=', orgId).orderBy('rate_centi').execute(),

  branch: (db: Db | Tx, orgId: string, branchId: string) =>
    db.selectFrom('branches').selectAll().where('org_id', '=', orgId).where('branch_id', '=', branchId).executeTakeFirst(),

  listBranches: (db: Db, orgId: string) =>
    db.selectFrom('branches').selectAll().where('org_id', '=', orgId).orderBy('is_default', 'desc').orderBy('branch_id').execute(),

  item: (db: Db | Tx, orgId: string, itemId: string) =>
    db.selectFrom('items').selectAll().where('org_id', '=', orgId).where('item_id', '=', itemId).executeTakeFirst(),

  listItems(db: Db, orgId: string, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('items').selectAll().where('org_id', '=', orgId);
    if (after) query = query.where('item_id', '<', String(after[0]));
    return query.orderBy('item_id', 'desc').limit(limit + 1).execute();
  },

  async insertItem(tx: Tx, row: ItemsTable) {
    await tx.insertInto('items').values(row).execute();
  },
};
