import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * Bank rules (docs/rules/banking.md, "Rules"): a narration that contains or matches a pattern,
 * optionally a direction and an amount range, suggests or creates an entry of a given kind. A
 * line keeps the SUGGEST rule that matched it (`bank_rule_id`), for its create to follow.
 */
export const bankRules: BahiMigration = {
  name: '058-bank-rules',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('bank_rules')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('bank_rule_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text')
      .addColumn('priority', 'integer', (c) => c.notNull())
      .addColumn('narration_contains', 'text')
      .addColumn('narration_matches', 'text')
      .addColumn('direction', 'text')
      .addColumn('amount_min', 'bigint')
      .addColumn('amount_max', 'bigint')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text')
      .addColumn('target_account_id', 'text')
      .addColumn('tax_id', 'text')
      .addColumn('mode', 'text')
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('bank_rules_pk', ['org_id', 'bank_rule_id'])
      .execute();
    await db.schema.createIndex('bank_rules_by_priority').on('bank_rules').columns(['org_id', 'priority', 'bank_rule_id']).execute();
    await db.schema.alterTable('bank_transactions').addColumn('bank_rule_id', 'text').execute();
  },
};
