import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/*
 * Migration 036 on answers stored in clear before it: a webhook endpoint's answer kept with its
 * Idempotency-Key loses the signing secret and keeps the rest; other answers are left alone.
 */

let before: DatabaseBefore;
const endpoint = { endpoint_id: 'whe_OLD', url: 'https://hooks.example.com/in', events: ['INVOICE_CREATED'], created_time: '2026-06-01T00:00:00.000Z' };
const stored = (path: string, body: unknown) => ({
  subject: 'tok_1', org_id: 'org_1', idem_key: `key-${path.length}`, method: 'POST', path, status_code: 201,
  response_body: JSON.stringify(body), created_at: '2026-06-01T00:00:00.000Z',
});
const endpointAnswer = stored('/api/public/v1/webhooks/endpoints', { code: 0, message: 'The webhook endpoint has been created.', endpoint: { ...endpoint, secret: 'whsec_in_clear' } });
const contactAnswer = stored('/api/public/v1/contacts', { code: 0, message: 'ok', contact: { contact_id: 'con_1', notes: 'secret' } });

beforeAll(async () => {
  before = await databaseBefore('036-webhook-answers-without-secret');
  await insertRow(before, 'idempotency_keys', endpointAnswer);
  await insertRow(before, 'idempotency_keys', contactAnswer);
  await before.database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 036', () => {
  it('takes the signing secret out of webhook endpoint answers stored in clear, and nothing else', async () => {
    const rows = await before.database.db.selectFrom('idempotency_keys').select(['path', 'response_body']).orderBy('path').execute();
    expect(rows.map((r) => [r.path, JSON.parse(r.response_body)])).toEqual([
      ['/api/public/v1/contacts', { code: 0, message: 'ok', contact: { contact_id: 'con_1', notes: 'secret' } }],
      ['/api/public/v1/webhooks/endpoints', { code: 0, message: 'The webhook endpoint has been created.', endpoint }],
    ]);
  });
});
