import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * What the recipient did in the Invoice Management System with each document its suppliers
 * reported (docs/rules/itc-reconciliation.md, "IMS actions"). A row is keyed by the supplier
 * document's key, not by a GSTR-2B row, so the action outlives every re-upload of a 2B.
 */
export const imsActions: BahiMigration = {
  name: '053-ims-actions',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('ims_actions')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('ims_action_id', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text', (c) => c.notNull())
      .addColumn('supplier_gstin', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('financial_year', 'text', (c) => c.notNull())
      .addColumn('number_key', 'text', (c) => c.notNull())
      .addColumn('document_number', 'text', (c) => c.notNull())
      .addColumn('document_date', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('credit_reduction', 'text')
      .addColumn('reduced_igst', 'bigint')
      .addColumn('reduced_cgst', 'bigint')
      .addColumn('reduced_sgst', 'bigint')
      .addColumn('reduced_cess', 'bigint')
      .addColumn('remark', 'text')
      .addColumn('acted_on', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('last_modified_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('ims_actions_pk', ['org_id', 'ims_action_id'])
      .execute();
    // One action per supplier document: however its number is spelt, the key is the same.
    await s.createIndex('ims_actions_by_document').on('ims_actions')
      .columns(['org_id', 'gstin', 'supplier_gstin', 'document_type', 'financial_year', 'number_key']).unique().execute();
    await s.createIndex('ims_actions_by_date').on('ims_actions').columns(['org_id', 'gstin', 'document_date']).execute();
  },
};
