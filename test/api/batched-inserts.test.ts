import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { needsPostgres, sayWhySkipped } from '../support/skip-note';
import { openDatabase, type Database } from '../../src/db/database';
import { isUniqueViolation } from '../../src/db/driver-errors';
import { insertRows } from '../../src/db/prepared';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

sayWhySkipped(!process.env.TEST_DATABASE_URL, needsPostgres('batched inserts on PostgreSQL'));

/** db/batched-inserts.ts: on PostgreSQL a transaction's run of batchable inserts goes as one statement. */
describe.runIf(process.env.TEST_DATABASE_URL)('batched inserts on PostgreSQL', () => {
  let testDb: TestDatabase;
  let database: Database;
  const sent: string[] = [];
  const send = pg.Client.prototype.query;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // One connection: every transaction below reuses the one before it.
    database = openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir, poolSize: 1 });
    await database.migrate();
    // Counts the statements the driver sends, whatever sends them.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const query = args[0] as string | { text: string };
      sent.push(typeof query === 'string' ? query : query.text);
      return (send as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof send;
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    pg.Client.prototype.query = send;
    await database.close();
    await testDb.drop();
  });

  let next = 0;
  const activity = (entityId: string, eventId = `act_${next++}`) => ({
    org_id: 'org_batch', event_id: eventId, action: 'TEST', entity_type: 'TEST', entity_id: entityId, entity_ref: null,
    actor_user_id: null, changes: null, metadata: '{}', occurred_at: '2026-11-24T00:00:00.000Z',
  });
  const event = (eventId: string) => ({
    org_id: 'org_batch', event_id: eventId, event_type: 'TEST', payload: '{}', occurred_at: '2026-11-24T00:00:00.000Z', published_at: null,
  });
  const countOf = async (entityId: string) => (await database.db.selectFrom('activity').select('event_id')
    .where('org_id', '=', 'org_batch').where('entity_id', '=', entityId).execute()).length;

  it('sends a run of batchable inserts as one statement before the next, which sees their rows', async () => {
    const seen = await database.transaction(async (tx) => {
      await insertRows(tx, 'activity', [activity('run'), activity('run')], { batchable: true });
      await insertRows(tx, 'outbox_events', [event('evt_run')], { batchable: true });
      await insertRows(tx, 'activity', [activity('run')], { batchable: true });
      return tx.selectFrom('activity').select('event_id').where('entity_id', '=', 'run').execute();
    });
    expect(seen).toHaveLength(3);
    const writes = sent.filter((sql) => /insert into/.test(sql));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^with b0 as \(insert into "activity".*\), b1 as \(insert into "outbox_events".*\) insert into "activity"/);
    expect(await countOf('run')).toBe(3);
  });

  it('sends what is held before COMMIT when nothing reads after it', async () => {
    await database.transaction(async (tx) => {
      await insertRows(tx, 'activity', [activity('at-commit')], { batchable: true });
      await insertRows(tx, 'outbox_events', [event('evt_at_commit')], { batchable: true });
    });
    expect(sent.map((sql) => sql.slice(0, 12))).toEqual(['begin', 'with b0 as (', 'commit']);
    expect(await countOf('at-commit')).toBe(1);
  });

  it('rolls the whole transaction back when the batch fails at COMMIT, and reports the failure as it is', async () => {
    const failure = await database.transaction(async (tx) => {
      await insertRows(tx, 'activity', [activity('failed')]); // sent at once
      await insertRows(tx, 'activity', [activity('failed', 'act_twin')], { batchable: true });
      await insertRows(tx, 'activity', [activity('failed', 'act_twin')], { batchable: true });
    }).then(() => undefined, (error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await countOf('failed')).toBe(0);
  });

  it('drops held inserts when the transaction rolls back, and the connection starts the next one clean', async () => {
    await expect(database.transaction(async (tx) => {
      await insertRows(tx, 'activity', [activity('abandoned')], { batchable: true });
      throw new Error('the use case refused');
    })).rejects.toThrow('the use case refused');
    expect(sent.some((sql) => /insert into/.test(sql))).toBe(false);

    await database.transaction(async (tx) => insertRows(tx, 'activity', [activity('clean')], { batchable: true }));
    expect(await countOf('abandoned')).toBe(0);
    expect(await countOf('clean')).toBe(1);
  });

  it('runs a batchable insert at once outside a transaction', async () => {
    await insertRows(database.db, 'activity', [activity('alone')], { batchable: true });
    expect(sent.filter((sql) => /insert into/.test(sql))).toHaveLength(1);
    expect(await countOf('alone')).toBe(1);
  });

  it('splits a run whose parameters would pass the 65,535 one statement may carry', async () => {
    const thousands = (entityId: string) => Array.from({ length: 3000 }, () => activity(entityId)); // 30,000 parameters each
    await database.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await insertRows(tx, 'activity', thousands('wide'), { batchable: true });
    });
    const writes = sent.filter((sql) => /insert into/.test(sql));
    expect(writes).toHaveLength(2);
    expect(writes[0]).toMatch(/^with b0 as \(insert into "activity"/);
    expect(await countOf('wide')).toBe(9000);
  });
});
