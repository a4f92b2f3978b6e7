import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PREFIX, PUBLIC_PREFIX, type RouteDef } from '../../src/http/route';
import type { HttpClient } from '../support/http-client';
import { fetchOpenApi, sampleOf, type OpenApiDoc } from '../support/openapi-doc';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * docs/rules/errors-and-validation.md, "Ids in a path": an id in a path that names nothing in the organisation is 404 not_found.resource
 * whatever its form, never a 400 for its shape (nor a 500). Driven by the served OpenAPI
 * document, so a route added later is covered without touching this file.
 */

let t: TestApp;
let org: OrgFixture;
let doc: OpenApiDoc;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.given.org({ rate_limit_per_minute: 1_000_000 });
  doc = await fetchOpenApi(t.baseUrl);
});
afterAll(async () => { await t.close(); });

/** Ids that name nothing, in the forms a client may send (each is percent-encoded into the path). */
const UNKNOWN_IDS: ReadonlyArray<readonly [string, string]> = [
  ['id-shaped', 'con_00000000000000000000000000'],
  ['with a hyphen', 'nope-3d48'],
  ['with a dot', 'nope.3d48'],
  ['300 characters', `nope-${'x'.repeat(295)}`],
  ['with a space', 'nope 3d48'],
  ['with a unicode letter', 'nopé-3d48'],
  ['with a control character', 'nope\u00013d48'],
  ['a NUL', '\u0000'],
  ['empty', ''],
];

const IRN_BODY = { irn: 'a'.repeat(64), ack_no: '1', ack_date: '2026-06-15T11:30:00', signed_qr_code: 'a.b.c' };

/**
 * Bodies the minimal schema sample would not make valid: the answer must come from the id,
 * so what the body says must pass validation (key: operationId).
 */
const EWAY_BILL_CANCEL = { ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' };
const VALID_BODIES: Record<string, unknown> = {
  applyPayment: { invoice_id: 'inv_any', amount: 1 },
  adminCreateBranch: { name: 'Mysuru', state_code: 'IN-KA' },
  recordInvoiceIrn: IRN_BODY,
  recordCreditNoteIrn: IRN_BODY,
  recordDebitNoteIrn: IRN_BODY,
  ...Object.fromEntries(['Invoice', 'Bill', 'BillOfEntry', 'CreditNote', 'DeliveryChallan'].map((kind) => [`cancel${kind}EWayBill`, EWAY_BILL_CANCEL])),
  markReturnFiled: { return: 'GSTR1', arn: 'AA2906260123456', filed_on: '2026-07-04' },
  setInvoiceShippingBill: { port_code: 'INBLR4', number: '2041785', date: '2026-07-04' },
};

/** Required queries, so the answer comes from the path (key: operationId). */
const VALID_QUERIES: Record<string, string> = { getFiledReturn: '?return=GSTR1', reopenReturn: '?return=GSTR1' };

interface Operation { method: string; path: string; operationId: string; body: unknown }

function operationsUnder(prefix: string): Operation[] {
  const today = t.clock.now().toISOString().slice(0, 10);
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith(`${prefix}/`) && path.includes('{'))
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(), path: path.slice(prefix.length), operationId: op.operationId,
      body: VALID_BODIES[op.operationId] ?? sampleOf(op.requestBody?.content?.['application/json']?.schema, today),
    })));
}

/** The route table's operations with ids in their path, to check the document lists them all. */
const routesWithPathIds = (which: (r: RouteDef) => boolean) => t.app.routes.filter((r) => r.params && which(r)).map((r) => r.operationId).sort();

/** Every operation with every unknown id in all its path parameters: what did not answer 404 not_found.resource. */
async function misfits(client: HttpClient, operations: Operation[], withRateLimitHeader: boolean): Promise<string[]> {
  const failures: string[] = [];
  for (const op of operations) {
    for (const [form, id] of UNKNOWN_IDS) {
      const url = op.path.replace(/\{[^}]+\}/g, encodeURIComponent(id)) + (VALID_QUERIES[op.operationId] ?? '');
      const res = await client.request(op.method, url, op.body, op.method === 'GET' ? {} : { idempotencyKey: newKey() });
      const rateHeader = !withRateLimitHeader || res.headers.get('x-ratelimit-remaining') !== null;
      if (res.status !== 404 || res.body?.code !== 'not_found.resource' || !rateHeader) {
        failures.push(`${op.method} ${op.path} (${op.operationId}) with an id ${form}: ${res.status} ${JSON.stringify(res.body)}${rateHeader ? '' : ' without X-RateLimit-Remaining'}`);
      }
    }
  }
  return failures;
}

describe('unknown ids in a path are 404 not_found.resource, whatever their form', () => {
  // Hundreds of requests, one per operation and form of id: 90 s, for a loaded machine.
  it('on every public operation with a path id, with X-RateLimit-Remaining', { timeout: 90_000 }, async () => {
    const operations = operationsUnder(PUBLIC_PREFIX);
    expect(operations.map((o) => o.operationId).sort()).toEqual(routesWithPathIds((r) => r.access !== 'admin'));
    for (const op of ['getContact', 'updateContact', 'archiveContact', 'deleteContact']) expect(operations.map((o) => o.operationId)).toContain(op);
    expect(await misfits(org.api, operations, true)).toEqual([]);
  });

  it('on every admin operation with a path id', async () => {
    const operations = operationsUnder(ADMIN_PREFIX);
    expect(operations.map((o) => o.operationId).sort()).toEqual(routesWithPathIds((r) => r.access === 'admin'));
    expect(await misfits(t.admin, operations, false)).toEqual([]);
  });
});
