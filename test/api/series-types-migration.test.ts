import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/*
 * Migration 024 on books written before it: existing series number invoices; the default
 * branch gets a default series of each other issued type that carries the organisation's old
 * counter on, so the next credit note, estimate or order number is the one it would have had.
 */

let before: DatabaseBefore;
let database: Database;

const ORG = 'org_OLD';

beforeAll(async () => {
  before = await databaseBefore('024-series-types-units');
  database = before.database;
  await insertRow(before, 'orgs', { org_id: ORG, name: 'Old Books', state_code: 'IN-KA', default_branch_id: 'br_HO', created_time: '2025-04-01T00:00:00.000Z' });
  await insertRow(before, 'branches', { org_id: ORG, branch_id: 'br_HO', name: 'Head Office', state_code: 'IN-KA', is_default: 1 });
  await insertRow(before, 'invoice_series', {
    org_id: ORG, series_id: 'ser_INV', branch_id: 'br_HO', series_name: 'default', label: 'Default', prefix: 'INV-', padding: 3,
    format_template: '{prefix}{fy}-{num}', is_default: 1, created_time: 'x',
  });
  for (const [key, next] of [['credit-note', 8], ['estimate', 3], ['series:ser_INV:2025-26', 12]] as const) {
    await insertRow(before, 'document_counters', { org_id: ORG, counter_key: key, next_value: next });
  }
  await database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 024 on books written before it', () => {
  it('keeps existing series as invoice series and gives the default branch a default series of each other type', async () => {
    const series = await database.db.selectFrom('invoice_series').select(['series_id', 'branch_id', 'document_type', 'prefix', 'padding', 'format_template'])
      .where('org_id', '=', ORG).orderBy('document_type').execute();
    expect(series).toEqual([
      { series_id: 'ser_0000000000000000CREDITNOTE', branch_id: 'br_HO', document_type: 'credit_note', prefix: 'CN-', padding: 6, format_template: '{prefix}{num}' },
      { series_id: 'ser_000000000000000000ESTIMATE', branch_id: 'br_HO', document_type: 'estimate', prefix: 'EST-', padding: 6, format_template: '{prefix}{num}' },
      { series_id: 'ser_INV', branch_id: 'br_HO', document_type: 'invoice', prefix: 'INV-', padding: 3, format_template: '{prefix}{fy}-{num}' },
      { series_id: 'ser_0000000000000PURCHASEORDER', branch_id: 'br_HO', document_type: 'purchase_order', prefix: 'PO-', padding: 6, format_template: '{prefix}{num}' },
      { series_id: 'ser_0000000000000000SALESORDER', branch_id: 'br_HO', document_type: 'sales_order', prefix: 'SO-', padding: 6, format_template: '{prefix}{num}' },
    ]);
  });

  it('carries the old counters on, so no number comes twice', async () => {
    const counters = await database.db.selectFrom('document_counters').select(['counter_key', 'next_value']).where('org_id', '=', ORG)
      .where('counter_key', 'like', 'series:%').orderBy('counter_key').execute();
    expect(counters.map((c) => [c.counter_key, Number(c.next_value)])).toEqual([
      ['series:ser_000000000000000000ESTIMATE', 3],
      ['series:ser_0000000000000000CREDITNOTE', 8],
      ['series:ser_INV:2025-26', 12],
    ]);
  });
});
