import type { Db, Tx } from '../../db/database';
import type { ItemsTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';
import { fixedChart } from '../../platform/orgs/fixed-chart';

/** Reads of the organisation's catalog: accounts, taxes, branches, items. Other modules use these finders. */
export const catalogRepository = {
  account: (db: Db | Tx, orgId: string, accountId: string) =>
    db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('account_id', '=', accountId).executeTakeFirst(),

  listAccounts(db: Db, orgId: string, types: readonly string[] | null, after: CursorPosition | null, limit: number) {
    let query = db.selectFrom('accounts').selectAll().where('org_id', '=', orgId).where('is_active', '=', 1);
    if (types) query = query.where('account_type', 'in', types);
    if (after) query = query.where('account_id', '>', String(after[0]));
    return query.orderBy('account_id').limit(limit + 1).execute();
  },

  /** A system account every organisation is bootstrapped with; its absence is a broken organisation, not bad input. */
  async systemAccountId(db: Db | Tx, orgId: string, systemKey: string): Promise<string> {
    const accountId = (await fixedChart(db, orgId)).systemAccounts.get(systemKey);
    if (!accountId) throw new Error(`organisation ${orgId} lacks its ${systemKey} account`);
    return accountId;
  },

  /** The spec posts round-offs to a ledger named Round Off or Rounding; without one, nothing is rounded. */
  roundOffAccountId: async (db: Db | Tx, orgId: string) => (await fixedChart(db, orgId)).roundOffAccountId,

  tax: async (db: Db | Tx, orgId: string, taxId: string) => (await fixedChart(db, orgId)).taxes.get(taxId),

  /** By rate; among equal rates in the order they were made, so the zero-rated GST 0% comes before nil-rated, exempt and non-GST. */
  listTaxes: (db: Db, orgId: string) => db.selectFrom('taxes').selectAll().where('org_id', '=', orgId).orderBy('rate_centi').orderBy('tax_id').execute(),

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
