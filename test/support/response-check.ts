import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { DOCUMENT_PATHS, fetchDocument, fullPathsOf } from './openapi-doc';

/*
 * The documents cannot lie: every answer a test receives through HttpClient is checked
 * against the OpenAPI document (public or admin) the same server serves for its operation.
 * Its status must be declared for the operation, and a JSON body must match that status's schema, which declares every property
 * (additionalProperties: false), so an undeclared field fails the test that received it.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Template { pattern: RegExp; path: string; literals: number; doc: string }
interface Declared { $ref?: string; content?: Record<string, unknown> }
interface Document { paths: Record<string, Record<string, { responses?: Record<string, Declared> }>>; components?: { responses?: Record<string, Declared> } }

interface Checker {
  problemWith(method: string, pathname: string, status: number, contentType: string | null, body: unknown): string | null;
}

const checkers = new Map<string, Promise<Checker>>();

const pointer = (...segments: string[]) => segments.map((s) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/** Both documents (the public and the admin API's), each operation under the full path a client calls. */
async function load(origin: string): Promise<Checker> {
  const docs = new Map<string, Document>();
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  addFormats(ajv);
  const templates: Template[] = [];
  for (const [index, path] of DOCUMENT_PATHS.entries()) {
    const doc = await fetchDocument(origin, path);
    const key = `document-${index}`;
    docs.set(key, doc as unknown as Document);
    ajv.addSchema(doc as object, key);
    for (const { fullPath, path: own } of fullPathsOf(doc)) {
      templates.push({
        path: own,
        doc: key,
        pattern: new RegExp(`^${fullPath.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        literals: fullPath.split('/').filter((s) => s && !s.startsWith('{')).length,
      });
    }
  }
  const compiled = new Map<string, ValidateFunction>();

  return {
    problemWith(method, pathname, status, contentType, body) {
      // The most literal template wins: /invoices/series before /invoices/{invoice_id}.
      const template = templates.filter((t) => t.pattern.test(pathname)).sort((a, b) => b.literals - a.literals)[0];
      const doc = template && docs.get(template.doc)!;
      const operation = template && doc!.paths[template.path]![method.toLowerCase()];
      if (!template || !operation) return null; // not an operation of the documents (/docs, /openapi.json)
      const where = `${method} ${template.path} → ${status}`;
      let declared = operation.responses?.[String(status)];
      if (!declared) return `${where}: the document declares no ${status} for this operation`;
      // A shared answer (components.responses) is validated where it is written.
      let at = pointer('paths', template.path, method.toLowerCase(), 'responses', String(status));
      if (declared.$ref) {
        const name = declared.$ref.replace('#/components/responses/', '');
        declared = doc!.components?.responses?.[name];
        if (!declared) return `${where}: the document's ${name} response is missing`;
        at = pointer('components', 'responses', name);
      }
      if (!contentType?.startsWith('application/json') || !declared.content?.['application/json']) return null;
      const ref = `${template.doc}#/${at}/${pointer('content', 'application/json', 'schema')}`;
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
