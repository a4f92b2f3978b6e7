import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Expenses and their lines. An expense posts its journal when created; edits re-post and
 * deletion reverses, so a deleted expense stays (status DELETED) as the source its entries name.
 */
export const expenses: BahiMigration = {
  name: '006-expenses',
  async up(db: Kysely<unknown>) {
    const s = db.schema;

    await s.createTable('expenses')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('expense_id', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('expense_date', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text')
      .addColumn('paid_through_account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('reference_number', 'text')
      .addColumn('vendor_id', 'text')
      .addColumn('vendor_name', 'text')
      .addColumn('tax_id', 'text')
      .addColumn('is_inclusive_tax', 'integer', (c) => c.notNull())
      .addColumn('place_of_supply', 'text', (c) => c.notNull())
      .addColumn('supply_type', 'text', (c) => c.notNull())
      .addColumn('is_rcm', 'integer', (c) => c.notNull())
      .addColumn('rcm_rate_centi', 'integer')
      .addColumn('itc_blocked_reason', 'text')
      .addColumn('itemized', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('sub_total', 'bigint', (c) => c.notNull())
      .addColumn('tax_total', 'bigint', (c) => c.notNull())
      .addColumn('cgst_total', 'bigint', (c) => c.notNull())
      .addColumn('sgst_total', 'bigint', (c) => c.notNull())
      .addColumn('igst_total', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('notes', 'text')
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('expenses_pk', ['org_id', 'expense_id'])
      .execute();
    await s.createIndex('expenses_vendor').on('expenses').columns(['org_id', 'vendor_id', 'expense_id']).execute();
    await s.createIndex('expenses_date').on('expenses').columns(['org_id', 'expense_date']).execute();

    await s.createTable('expense_lines')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('line_item_id', 'text', (c) => c.notNull())
      .addColumn('expense_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('inherits_account', 'integer', (c) => c.notNull())
      .addColumn('tax_id', 'text')
      .addColumn('inherits_tax', 'integer', (c) => c.notNull())
      .addColumn('tax_rate_centi', 'integer', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('item_total', 'bigint', (c) => c.notNull())
      .addColumn('tax', 'bigint', (c) => c.notNull())
      .addColumn('cgst', 'bigint', (c) => c.notNull())
      .addColumn('sgst', 'bigint', (c) => c.notNull())
      .addColumn('igst', 'bigint', (c) => c.notNull())
      .addColumn('total', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('expense_lines_pk', ['org_id', 'line_item_id'])
      .execute();
    await s.createIndex('expense_lines_expense').on('expense_lines').columns(['org_id', 'expense_id', 'position']).execute();
    // The list's account_id filter reads lines by account.
    await s.createIndex('expense_lines_account').on('expense_lines').columns(['org_id', 'account_id', 'expense_id']).execute();
  },
};
