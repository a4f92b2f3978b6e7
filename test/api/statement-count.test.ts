import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatementCache } from '../../src/db/sqlite-statements';
import { customer, taxId } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * What one 4-line invoice create (approved at once) asks of the database, counted where the
 * service hands SQL to the engine's client: on SQLite each statement run, on PostgreSQL each
 * round trip (a batch of inserts sent as one statement is one). docs/benchmarks.md gives the
 * figures; a change that adds a statement to the hottest write fails here and says which.
 */
const LIMITS = { sqlite: 21, postgres: 14 };

/** Counts the SQL texts sent to the engine while `work` runs (the test server runs in this process). */
async function statementsDuring(work: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const prepare = StatementCache.prototype.prepare;
  const query = pg.Client.prototype.query;
  StatementCache.prototype.prepare = function (this: StatementCache, sql: string) {
    sent.push(sql);
    return prepare.call(this, sql);
  };
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    sent.push(typeof first === 'string' ? first : (first as { text: string }).text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof pg.Client.prototype.query;
  try {
    await work();
  } finally {
    StatementCache.prototype.prepare = prepare;
    pg.Client.prototype.query = query;
  }
  return sent;
}

describe('statements of a 4-line invoice create', () => {
  let t: TestApp;
  let org: OrgFixture;
  let body: (n: number) => Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp();
    org = await t.given.org();
    const customerId = await customer(org.api);
    const [t5, t12, t18, t28] = await Promise.all([5, 12, 18, 28].map((p) => taxId(org.api, p)));
    body = (n) => ({
      customer_id: customerId, date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA', auto_approve: true, reference_number: `PO-${n}`,
      line_items: [
        { name: 'Tea, 1 kg', hsn_or_sac: '0902', quantity: 2, rate: 450, tax_id: t5 },
        { name: 'Packing', hsn_or_sac: '4819', quantity: 1.5, rate: 120, discount: 10, tax_id: t12 },
        { name: 'Delivery', hsn_or_sac: '9965', quantity: 1, rate: 250, tax_id: t18 },
        { name: 'Aerated drink', hsn_or_sac: '2202', quantity: 12, rate: 40, tax_id: t28 },
      ],
    });
    // The first create of an organisation sets up what later ones reuse (its series, cached accounts).
    const first = await org.api.post('/invoices', body(0), { idempotencyKey: newKey() });
    expect(first.status).toBe(201);
  });
  afterAll(() => t?.close());

  it(`stays within ${LIMITS.sqlite} statements on SQLite and ${LIMITS.postgres} round trips on PostgreSQL`, async () => {
    let status = 0;
    const sent = await statementsDuring(async () => {
      status = (await org.api.post('/invoices', body(1), { idempotencyKey: newKey() })).status;
    });
    expect(status).toBe(201);
    const limit = LIMITS[t.db.engine];
    expect(sent.length, `${sent.length} statements:\n${sent.map((s) => s.slice(0, 140)).join('\n')}`).toBeLessThanOrEqual(limit);
  });
});
