import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/*
 * The document cannot lie: every answer a test receives through HttpClient is checked
 * against the OpenAPI document the same server serves. Its status must be declared for the
 * operation, and a JSON body must match that status's schema, which declares every property
 * (additionalProperties: false), so an undeclared field fails the test that received it.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Template { pattern: RegExp; path: string; literals: number }
interface Document { paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, unknown> }> }>> }

interface Checker {
  problemWith(method: string, pathname: string, status: number, contentType: string | null, body: unknown): string | null;
}

const checkers = new Map<string, Promise<Checker>>();

const pointer = (...segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

async function load(origin: string): Promise<Checker> {
  const doc = (await (await fetch(`${origin}/openapi.json`)).json()) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('iso-date-or-date-time', true);
  ajv.addSchema(doc as object, 'openapi');
  const templates: Template[] = Object.keys(doc.paths).map((path) => ({
    path,
    pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literals: path.split('/').filter((s) => s && !s.startsWith('{')).length,
  }));
  const compiled = new Map<string, ValidateFunction>();

  return {
    problemWith(method, pathname, status, contentType, body) {
      // The most literal template wins: /invoices/series before /invoices/{invoice_id}.
      const template = templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals)[0];
      const operation = template && doc.paths[template.path]![method.toLowerCase()];
      if (!template || !operation) return null; // not an operation of the document (/docs, /openapi.json)
      const where = `${method} ${template.path} → ${status}`;
      const declared = operation.responses?.[String(status)];
      if (!declared) return `${where}: the document declares no ${status} for this operation`;
      if (!contentType?.startsWith('application/json') || !declared.content?.['application/json']) return null;
      const ref = `openapi#/${pointer('paths', template.path, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema')}`;
      let validate = compiled.get(ref);
      if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
      if (validate(body)) return null;
      const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
      return `${where}: the answer does not match the document: ${errors.join('; ')}\n${JSON.stringify(body).slice(0, 600)}`;
    },
  };
}

/** Throws when an answer does not conform to the document its server serves. */
export async function expectConformingAnswer(url: string, method: string, response: Response, body: unknown): Promise<void> {
  const { origin, pathname } = new URL(url);
  let checker = checkers.get(origin);
  if (!checker) {
    checker = load(origin);
    checkers.set(origin, checker);
    checker.catch(() => checkers.delete(origin));
  }
  const problem = (await checker).problemWith(method, pathname, response.status, response.headers.get('content-type'), body);
  if (problem) throw new Error(problem);
}
