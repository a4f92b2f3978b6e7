/**
 * The OpenAPI document's examples are real and current: the example scenario is replayed on a
 * fresh database, and every operation's request and answer must equal the committed example that
 * the document shows (src/http/examples/examples.json). The document must show one for every
 * operation: parameter values, the JSON body it takes, and its success answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/platform/idempotency/idempotency.store';
import { committedExamples, RECORD_COMMAND, recordExampleScenario } from '../support/example-scenario';
import { startTestApp, type TestApp } from '../support/test-app';

interface Parameter { in: string; name: string; required?: boolean; example?: unknown; description?: string; $ref?: string }
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: { parameters?: Record<string, Parameter> } };

/** An operation's parameters, those declared once in components.parameters ($ref) resolved. */
const parametersOf = (doc: Document, operation: Operation) => (operation.parameters ?? [])
  .map((p) => (p.$ref ? doc.components?.parameters?.[p.$ref.split('/').pop()!] ?? p : p));

describe('OpenAPI examples', () => {
  it('are what the example scenario sends and gets today, on this engine', { timeout: 120_000 }, async () => {
    const { examples, missing } = await recordExampleScenario();
    expect(missing, 'operations the scenario does not reach').toEqual([]);
    const committed = committedExamples();
    const changed = Object.keys({ ...examples, ...committed })
      .filter((id) => JSON.stringify(examples[id]) !== JSON.stringify(committed[id]));
    // One line naming the command and the operations, then the first difference in full.
    const first = changed[0];
    expect(
      first === undefined ? {} : { [first]: examples[first] },
      `the examples differ from src/http/examples/examples.json for ${changed.join(', ')}: if the change is intended, run \`${RECORD_COMMAND}\` and commit the file`,
    ).toEqual(first === undefined ? {} : { [first]: committed[first] });
  });

  describe('in the served documents', () => {
    let t: TestApp;
    let operations: Array<Operation & { parameters: Parameter[] }>;
    beforeAll(async () => {
      t = await startTestApp();
      // The admin API may be described in a document of its own; its operations count as well.
      const documents = await Promise.all(['/openapi.json', '/api/admin/v1/openapi.json'].map(async (path) => {
        const res = await fetch(`${t.baseUrl}${path}`);
        return res.status === 200 ? ((await res.json()) as Document) : null;
      }));
      operations = documents.flatMap((doc) => (doc ? Object.values(doc.paths).flatMap((p) => Object.values(p)) : [])
        .map((operation) => ({ ...operation, parameters: parametersOf(doc!, operation) })));
    });
    afterAll(async () => { await t?.close(); });

    it('every operation shows its example: path parameters, JSON body and success answer', () => {
      const served = new Set(operations.map((o) => o.operationId));
      expect(t.app.routes.map((r) => r.operationId).filter((id) => !served.has(id)), 'operations in no document').toEqual([]);
      const routes = new Map(t.app.routes.map((r) => [r.operationId, r]));
      const gaps: string[] = [];
      for (const operation of operations) {
        const route = routes.get(operation.operationId)!;
        for (const p of operation.parameters) {
          if ((p.in === 'path' || p.required) && p.example === undefined) gaps.push(`${operation.operationId}: parameter ${p.name}`);
        }
        for (const [type, body] of Object.entries(operation.requestBody?.content ?? {})) {
          if (body.example === undefined) gaps.push(`${operation.operationId}: ${type} request body`);
        }
        // A route that may only queue its work shows whichever answer the scenario got: the outbox answers 202.
        const statuses = [route.status ?? 200, ...(route.acceptedWhen ? [202] : [])];
        const successes = statuses.map((status) => operation.responses[String(status)]?.content?.['application/json']).filter((c) => c !== undefined);
        if (successes.length > 0 && successes.every((c) => c.example === undefined)) gaps.push(`${operation.operationId}: ${statuses.join(' or ')} answer`);
      }
      expect(gaps).toEqual([]);
    });

    it('shows a valid Idempotency-Key to change per request wherever one is taken', () => {
      const keys = operations.flatMap((o) => o.parameters.filter((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'));
      expect(keys.length).toBeGreaterThan(50);
      for (const key of keys) {
        expect(key.example).toMatch(new RegExp(IDEMPOTENCY_KEY_PATTERN));
        expect(key.description).toMatch(/change it for every new request/i);
      }
    });
  });
});
