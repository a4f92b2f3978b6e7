import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * The GST returns marked filed, one row per (organisation, GSTIN, return, period): while
 * `reopened_time` is null nothing the return reports may change in the dates it covers
 * (docs/rules/returns-gstr1-gstr3b.md, "A filed return"). Reopening keeps the row, so marking
 * it filed again under the same ARN keeps `marked_time` and lists what changed meanwhile.
 */
export const filedReturns: BahiMigration = {
  name: '040-filed-returns',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('filed_returns')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text', (c) => c.notNull())
      .addColumn('return_type', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('from_date', 'text', (c) => c.notNull())
      .addColumn('to_date', 'text', (c) => c.notNull())
      .addColumn('arn', 'text', (c) => c.notNull())
      .addColumn('filed_on', 'text', (c) => c.notNull())
      .addColumn('marked_time', 'text', (c) => c.notNull())
      .addColumn('reopened_time', 'text')
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('filed_returns_pk', ['org_id', 'gstin', 'return_type', 'period'])
      .execute();
    await db.schema.createIndex('filed_returns_by_date').on('filed_returns').columns(['org_id', 'from_date', 'to_date']).execute();
  },
};
