/** The OpenAPI documents the server serves, read as tests need them: their operations and minimal request bodies. */

export type JsonSchema = {
  type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  enum?: unknown[]; const?: unknown; default?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
  format?: string; pattern?: string; minLength?: number; minItems?: number; minimum?: number; exclusiveMinimum?: number;
};

export interface OpenApiOperation { operationId: string; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; servers?: Array<{ url: string }> }
export type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };
type ServedDoc = OpenApiDoc & { servers?: Array<{ url: string }> };

/** The two documents the server serves: the public API's and the admin API's. */
export const DOCUMENT_PATHS = ['/openapi.json', '/api/admin/v1/openapi.json'] as const;

export async function fetchDocument(baseUrl: string, path: string): Promise<ServedDoc> {
  const res = await fetch(`${baseUrl}${path}`);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return (await res.json()) as ServedDoc;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

/**
 * A document's paths as a client calls them: each under the path of its server URL (the
 * operation's own `servers`, else the document's), e.g. `/contacts` of the public document
 * is `/api/public/v1/contacts`. Keyed by that full path, each with the document's own path.
 */
export function fullPathsOf(doc: ServedDoc): Array<{ fullPath: string; path: string; operations: Record<string, OpenApiOperation> }> {
  const base = (servers: Array<{ url: string }> | undefined) => new URL(servers?.[0]?.url ?? '/', 'http://host').pathname.replace(/\/$/, '');
  return Object.entries(doc.paths).flatMap(([path, item]) => {
    const operations = Object.fromEntries(Object.entries(item).filter(([method]) => METHODS.has(method)));
    const servers = Object.values(operations)[0]?.servers ?? doc.servers;
    return [{ fullPath: `${base(servers)}${path}`, path, operations }];
  });
}

/** Every operation of both documents, under its full path (fullPathsOf). */
export async function fetchOpenApi(baseUrl: string): Promise<OpenApiDoc> {
  const docs = await Promise.all(DOCUMENT_PATHS.map((path) => fetchDocument(baseUrl, path)));
  return { paths: Object.fromEntries(docs.flatMap((doc) => fullPathsOf(doc).map((p) => [p.fullPath, p.operations]))) };
}

/** A minimal body that satisfies a request schema: required fields only, with plain values. */
export function sampleOf(schema: JsonSchema | undefined, today: string): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sampleOf(branches.find((b) => b.type !== 'null') ?? branches[0], today);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, today)));
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((k) => [k, sampleOf(schema.properties?.[k], today)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, today));
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return today;
      if (schema.format === 'date-time') return `${today}T10:00:00`;
      if (schema.format === 'email') return 'someone@example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return undefined;
  }
}
