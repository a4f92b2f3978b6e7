import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/** The kinds of document numbered from per-organisation counters before this migration, their counter and prefix. */
const COUNTED: readonly [documentType: string, counterKey: string, label: string, prefix: string][] = [
  ['credit_note', 'credit-note', 'Credit notes', 'CN-'],
  ['estimate', 'estimate', 'Estimates', 'EST-'],
  ['sales_order', 'sales-order', 'Sales orders', 'SO-'],
  ['purchase_order', 'purchase-order', 'Purchase orders', 'PO-'],
];

/**
 * Series per kind of document and registration, and GST units on items. A series names what it
 * numbers (document_type, invoice for every existing one) and its name is unique per branch,
 * period and kind. Credit notes, estimates and orders number from their branch's series:
 * each organisation's default branch gets a default series of each kind that carries its old
 * per-organisation counter on (same prefix, six digits, counting across years, so no number
 * comes twice); other branches start theirs at 1, so estimate and order numbers are unique
 * per branch, as invoice numbers are. Items get a unit (UQC).
 */
export const seriesTypesUnits: BahiMigration = {
  name: '024-series-types-units',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('invoice_series').addColumn('document_type', 'text', (c) => c.notNull().defaultTo('invoice')).execute();
    await s.dropIndex('invoice_series_name').execute();
    await s.createIndex('invoice_series_name').unique()
      .on('invoice_series').columns(['org_id', 'branch_id', 'document_type', 'series_name', 'period_id']).execute();
    await s.dropIndex('estimates_number').execute();
    await s.createIndex('estimates_number').unique().on('estimates').columns(['org_id', 'branch_id', 'estimate_number']).execute();
    await s.dropIndex('sales_orders_number').execute();
    await s.createIndex('sales_orders_number').unique().on('sales_orders').columns(['org_id', 'branch_id', 'sales_order_number']).execute();
    await s.alterTable('items').addColumn('unit', 'text').execute();

    for (const [documentType, counterKey, label, prefix] of COUNTED) {
      // One id per organisation and kind, in the shape of the service's own (kernel/ids.ts).
      const seriesId = `ser_${documentType.replace('_', '').toUpperCase().padStart(26, '0')}`;
      await sql`INSERT INTO invoice_series (org_id, series_id, branch_id, period_id, series_name, label, prefix, padding, format_template, is_default, document_type, created_time)
        SELECT o.org_id, ${seriesId}, o.default_branch_id, NULL, 'default', ${label}, ${prefix}, 6, '{prefix}{num}', 1, ${documentType}, o.created_time
        FROM orgs o WHERE o.default_branch_id IS NOT NULL`.execute(db);
      await sql`INSERT INTO document_counters (org_id, counter_key, next_value)
        SELECT c.org_id, ${`series:${seriesId}`}, c.next_value FROM document_counters c WHERE c.counter_key = ${counterKey}`.execute(db);
    }
  },
};
