import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/* An organisation made before migration 045 gets the cess ledgers new ones are created with; its lines bear no cess. */

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore('045-cess');
  await insertRow(before, 'orgs', { org_id: 'org_OLD', name: 'Old Books', created_time: '2025-04-01T00:00:00.000Z' });
  await before.database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 045 on an organisation made before it', () => {
  it('adds Input Cess (GST_ASSET) and Output Cess (GST_LIABILITY) with their system keys, dated with the organisation', async () => {
    const accounts = await before.database.db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type', 'system_key', 'created_time'])
      .where('org_id', '=', 'org_OLD').where('system_key', 'in', ['cess_input', 'cess_output']).orderBy('account_code').execute();
    expect(accounts).toEqual([
      { account_id: expect.stringMatching(/^acc_/), account_name: 'Input Cess', account_code: '1350', account_type: 'GST_ASSET', system_key: 'cess_input', created_time: expect.stringMatching(/^2025-04-01/) },
      { account_id: expect.stringMatching(/^acc_/), account_name: 'Output Cess', account_code: '2350', account_type: 'GST_LIABILITY', system_key: 'cess_output', created_time: expect.stringMatching(/^2025-04-01/) },
    ]);
  });
});
