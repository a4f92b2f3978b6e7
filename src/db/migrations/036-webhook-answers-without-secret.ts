import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A webhook endpoint's answer stored with its Idempotency-Key is now sealed (it shows the signing
 * secret; docs/decisions.md "Security"). Those stored in clear before lose the secret: a replay
 * within their 24 hours still answers with the endpoint, so no second one is made, and the
 * caller saw the secret in the first answer. Migrations have no key to seal them with.
 */
export const webhookAnswersWithoutSecret: BahiMigration = {
  name: '036-webhook-answers-without-secret',
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ subject: string; org_id: string; idem_key: string; method: string; path: string; response_body: string }>`
      SELECT subject, org_id, idem_key, method, path, response_body FROM idempotency_keys
      WHERE method = 'POST' AND path LIKE '%/webhooks/endpoints' AND response_body LIKE '{%'`.execute(db);
    for (const row of rows) {
      const answer = JSON.parse(row.response_body) as { endpoint?: { secret?: unknown } };
      if (answer.endpoint?.secret === undefined) continue;
      delete answer.endpoint.secret;
      await sql`UPDATE idempotency_keys SET response_body = ${JSON.stringify(answer)}
        WHERE subject = ${row.subject} AND org_id = ${row.org_id} AND idem_key = ${row.idem_key} AND method = ${row.method} AND path = ${row.path}`.execute(db);
    }
  },
};
