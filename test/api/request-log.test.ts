import { afterAll, beforeAll, expect, it } from 'vitest';
import { customer } from '../support/sales';
import { startTestApp, type TestApp } from '../support/test-app';

/*
 * Fastify's "request completed" line (pino JSON, captured from the logger's stream): who asked,
 * what went wrong and how long it took, and never the token's secret.
 */

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
});
afterAll(() => t.close());

const completed = (requestId: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.reqId === requestId && entry.msg === 'request completed');

it('names the organisation, the token id, the error code and the duration, and never the secret', async () => {
  const org = await t.given.org();
  const missing = await org.api.get('/contacts/cnt_not_there');
  expect(missing.status).toBe(404);
  const [failed, ...more] = completed(missing.body.request_id);
  expect(more).toEqual([]);
  expect(failed).toMatchObject({ org_id: org.orgId, token_id: org.tokenId, error_code: 'not_found.resource', res: { statusCode: 404 } });
  expect(failed!.responseTime).toEqual(expect.any(Number));

  const contactId = await customer(org.api);
  const found = await org.api.get(`/contacts/${contactId}`);
  const [succeeded] = completed(found.headers.get('x-request-id')!);
  expect(succeeded).toMatchObject({ org_id: org.orgId, token_id: org.tokenId, error_code: null, res: { statusCode: 200 } });

  const anonymous = await t.api.get('/whoami');
  const [refused] = completed(anonymous.body.request_id);
  expect(refused).toMatchObject({ org_id: null, token_id: null, error_code: 'authn.token_invalid', res: { statusCode: 401 } });

  expect(lines.length).toBeGreaterThan(0);
  expect(lines.join('\n')).not.toContain(org.token);
});
