import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * GSTR-2B as uploaded from the portal (docs/rules/itc-reconciliation.md, "GSTR-2B in"): one row
 * per upload of a GSTIN's month, and one per supplier document in it. A month uploaded again
 * is a new upload; the one it replaces keeps its rows and names its successor in `replaced_by`.
 */
export const gstr2b: BahiMigration = {
  name: '051-gstr2b',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.createTable('gstr2b_returns')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('gstr2b_id', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('generated_on', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('file_count', 'integer', (c) => c.notNull())
      .addColumn('parts_received', 'integer', (c) => c.notNull())
      .addColumn('received_parts', 'text', (c) => c.notNull())
      .addColumn('replaced_by', 'text')
      .addColumn('itc_summary', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('gstr2b_returns_pk', ['org_id', 'gstr2b_id'])
      .execute();
    await s.createIndex('gstr2b_returns_by_month').on('gstr2b_returns').columns(['org_id', 'gstin', 'period']).execute();

    await s.createTable('gstr2b_documents')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('gstr2b_document_id', 'text', (c) => c.notNull())
      .addColumn('gstr2b_id', 'text', (c) => c.notNull())
      .addColumn('gstin', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('part', 'integer', (c) => c.notNull())
      .addColumn('section', 'text', (c) => c.notNull())
      .addColumn('rejected', 'integer', (c) => c.notNull())
      .addColumn('supplier_gstin', 'text')
      .addColumn('supplier_name', 'text')
      .addColumn('supplier_period', 'text')
      .addColumn('supplier_filed_on', 'text')
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('document_number', 'text', (c) => c.notNull())
      .addColumn('number_key', 'text', (c) => c.notNull())
      .addColumn('document_date', 'text', (c) => c.notNull())
      .addColumn('financial_year', 'text', (c) => c.notNull())
      .addColumn('original_number', 'text')
      .addColumn('original_date', 'text')
      .addColumn('place_of_supply', 'text')
      .addColumn('reverse_charge', 'integer', (c) => c.notNull())
      .addColumn('itc_available', 'text', (c) => c.notNull())
      .addColumn('itc_unavailable_reason', 'text')
      .addColumn('port_code', 'text')
      .addColumn('document_value', 'bigint', (c) => c.notNull())
      .addColumn('taxable_value', 'bigint', (c) => c.notNull())
      .addColumn('igst', 'bigint', (c) => c.notNull())
      .addColumn('cgst', 'bigint', (c) => c.notNull())
      .addColumn('sgst', 'bigint', (c) => c.notNull())
      .addColumn('cess', 'bigint', (c) => c.notNull())
      .addColumn('ims_status', 'text')
      .addColumn('irn', 'text')
      .addPrimaryKeyConstraint('gstr2b_documents_pk', ['org_id', 'gstr2b_document_id'])
      .execute();
    await s.createIndex('gstr2b_documents_by_upload').on('gstr2b_documents').columns(['org_id', 'gstr2b_id']).execute();
    await s.createIndex('gstr2b_documents_by_month').on('gstr2b_documents').columns(['org_id', 'gstin', 'period']).execute();
    await s.createIndex('gstr2b_documents_by_supplier_number').on('gstr2b_documents').columns(['org_id', 'supplier_gstin', 'number_key']).execute();
  },
};
