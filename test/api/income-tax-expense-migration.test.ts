import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/* An organisation made before migration 035 gets the Income Tax Expense account new ones are created with. */

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore('035-income-tax-expense');
  await insertRow(before, 'orgs', { org_id: 'org_OLD', name: 'Old Books', created_time: '2025-04-01T00:00:00.000Z' });
  await before.database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 035 on an organisation made before it', () => {
  it('adds Income Tax Expense, an OTHER_EXPENSE with its system key, dated with the organisation', async () => {
    const accounts = await before.database.db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type', 'system_key', 'created_time'])
      .where('org_id', '=', 'org_OLD').where('system_key', '=', 'income_tax_expense').execute();
    expect(accounts).toEqual([{
      account_id: expect.stringMatching(/^acc_/), account_name: 'Income Tax Expense', account_code: '6950', account_type: 'OTHER_EXPENSE',
      system_key: 'income_tax_expense', created_time: expect.stringMatching(/^2025-04-01/),
    }]);
  });
});
