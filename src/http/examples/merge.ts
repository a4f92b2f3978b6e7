import recorded from './examples.json' with { type: 'json' };

/**
 * One operation's example, as the example scenario recorded it (test/support/example-scenario.ts):
 * the values it sent (path and query parameters, headers, JSON body) and the answer it got.
 */
export interface OperationExample {
  method: string;
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  request?: unknown;
  status: number;
  response?: unknown;
}

export type Examples = Record<string, OperationExample>;

/**
 * The Idempotency-Key every operation that takes one shows (its parameter: openapi-headers.ts): a
 * valid key, which "Try it out" sends as it is, and whose description says to change it per request.
 */
export const EXAMPLE_IDEMPOTENCY_KEY = 'change-me-per-request-0001';

interface Parameter { name: string; in: string; example?: unknown }
interface Operation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

/** Puts each operation's recorded example into the document: parameter values, request body, success answer. */
export function withExamples<T extends { paths?: unknown }>(document: T, examples: Examples = recorded as Examples): T {
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const example = operation.operationId ? examples[operation.operationId] : undefined;
      for (const parameter of operation.parameters ?? []) {
        const value = parameter.in === 'path' ? example?.params?.[parameter.name] : parameter.in === 'query' ? example?.query?.[parameter.name] : undefined;
        if (value !== undefined) parameter.example = value;
      }
      if (!example) continue;
      // A JSON body, or an upload's form (its text fields, the file named).
      const content = operation.requestBody?.content;
      const body = content?.['application/json'] ?? content?.['multipart/form-data'];
      if (body && example.request !== undefined) body.example = example.request;
      const answer = operation.responses?.[String(example.status)]?.content?.['application/json'];
      if (answer && example.response !== undefined) answer.example = example.response;
    }
  }
  return document;
}
