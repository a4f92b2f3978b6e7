import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { databaseBefore, type DatabaseBefore } from '../support/migration-fixture';

/*
 * An organisation made before migration 022 gets what new ones are created with: the Fixed
 * Assets and Accumulated Depreciation accounts, the reverse-charge input and liability ledgers,
 * and a 0% tax of each non-taxable kind; its own taxes read as TAXABLE.
 */

let before: DatabaseBefore;
let database: Database;
const raw = () => before.raw;

beforeAll(async () => {
  before = await databaseBefore('022-purchase-ledgers');
  database = before.database;
  // The parts of an organisation of that time the migration reads: its row, a system account, a tax.
  const created = '2025-04-01T00:00:00.000Z';
  await raw().insertInto('orgs').values({
    org_id: 'org_OLD', name: 'Old Books', state_code: 'IN-KA', gstin: null, currency_code: 'INR', email_from: 'a@b.invalid',
    books_start_date: '2025-04-01', default_branch_id: 'br_OLD', preferences: '{}', created_time: created,
  }).execute();
  await raw().insertInto('accounts').values({
    org_id: 'org_OLD', account_id: 'acc_OLD', account_name: 'Bank', account_code: '1010', account_type: 'BANK', system_key: 'bank', is_active: 1, created_time: created,
  }).execute();
  await raw().insertInto('taxes').values({ org_id: 'org_OLD', tax_id: 'tax_OLD', tax_name: 'GST 0%', rate_centi: 0, created_time: created }).execute();
  await database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 022 on an organisation made before it', () => {
  it('adds the fixed-asset and reverse-charge accounts', async () => {
    const accounts = await database.db.selectFrom('accounts').select(['account_name', 'account_type', 'system_key'])
      .where('org_id', '=', 'org_OLD').where('system_key', 'in', ['rcm_input', 'fixed_assets', 'accumulated_depreciation', 'rcm_payable'])
      .orderBy('account_code').execute();
    expect(accounts).toEqual([
      { account_name: 'Input GST under reverse charge', account_type: 'GST_ASSET', system_key: 'rcm_input' },
      { account_name: 'Fixed Assets', account_type: 'FIXED_ASSET', system_key: 'fixed_assets' },
      { account_name: 'Accumulated Depreciation', account_type: 'ACCUMULATED_DEPRECIATION', system_key: 'accumulated_depreciation' },
      { account_name: 'GST payable under reverse charge', account_type: 'GST_LIABILITY', system_key: 'rcm_payable' },
    ]);
  });

  it('keeps its 0% tax as TAXABLE (zero-rated) and adds one of each non-taxable kind', async () => {
    const taxes = await database.db.selectFrom('taxes').select(['tax_id', 'tax_name', 'rate_centi', 'supply_type'])
      .where('org_id', '=', 'org_OLD').orderBy('tax_id').execute();
    expect(taxes.map((t) => [t.tax_name, t.rate_centi, t.supply_type])).toEqual([
      ['Nil rated 0%', 0, 'NIL_RATED'], ['Exempt 0%', 0, 'EXEMPT'], ['Non-GST 0%', 0, 'NON_GST'], ['GST 0%', 0, 'TAXABLE'],
    ]);
    expect(taxes.slice(0, 3).every((t) => t.tax_id.startsWith('tax_'))).toBe(true);
  });

  it('gives bills a reverse-charge flag and bill lines a blocked-credit clause', async () => {
    await expect(raw().selectFrom('bills').select('is_rcm').execute()).resolves.toEqual([]);
    await expect(raw().selectFrom('bill_lines').select('itc_blocked_reason').execute()).resolves.toEqual([]);
  });
});
