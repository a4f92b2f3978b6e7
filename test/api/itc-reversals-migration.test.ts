import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/* An organisation made before migration 054 gets the Rule 37 ledger new ones are created with, once. */

let before: DatabaseBefore;

beforeAll(async () => {
  before = await databaseBefore('054-itc-reversals');
  await insertRow(before, 'orgs', { org_id: 'org_OLD', name: 'Old Books', created_time: '2025-04-01T00:00:00.000Z' });
  await before.database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 054 on an organisation made before it', () => {
  it('adds ITC reversed under Rule 37 (GST_ASSET) with its system key, dated with the organisation', async () => {
    const accounts = await before.database.db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type', 'system_key', 'created_time'])
      .where('org_id', '=', 'org_OLD').where('system_key', '=', 'itc_reversed_rule37').execute();
    expect(accounts).toEqual([
      { account_id: expect.stringMatching(/^acc_/), account_name: 'ITC reversed under Rule 37', account_code: '1360', account_type: 'GST_ASSET', system_key: 'itc_reversed_rule37', created_time: expect.stringMatching(/^2025-04-01/) },
    ]);
    expect(await before.database.db.selectFrom('itc_reversals').selectAll().execute()).toEqual([]);
  });
});
