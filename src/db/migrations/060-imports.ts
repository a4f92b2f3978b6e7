import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * File imports (docs/rules/imports.md): a run per uploaded file, processed in the background;
 * the rows it refused or skipped; and the row keys of what imports wrote, so a second run of the
 * same file skips what the first already wrote.
 */
export const imports: BahiMigration = {
  name: '060-imports',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('imports')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('import_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('format', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('dry_run', 'integer', (c) => c.notNull())
      .addColumn('file_name', 'text')
      .addColumn('mapping', 'text')
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('trial_balance', 'text')
      .addColumn('token_id', 'text')
      .addColumn('scopes', 'text', (c) => c.notNull())
      .addColumn('total_rows', 'integer')
      .addColumn('processed_rows', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('already_imported_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failure', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('started_time', 'text')
      .addColumn('finished_time', 'text')
      .addPrimaryKeyConstraint('imports_pk', ['org_id', 'import_id'])
      .execute();
    await db.schema.createIndex('imports_by_status').on('imports').columns(['status', 'created_time']).execute();

    await db.schema.createTable('import_issues')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('import_id', 'text', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('row_number', 'integer')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('column_name', 'text')
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('field', 'text')
      .addColumn('message', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_issues_pk', ['org_id', 'import_id', 'position'])
      .execute();

    await db.schema.createTable('import_keys')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('row_key', 'text', (c) => c.notNull())
      .addColumn('entity_type', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text', (c) => c.notNull())
      .addColumn('import_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('import_keys_pk', ['org_id', 'kind', 'row_key'])
      .execute();
  },
};
