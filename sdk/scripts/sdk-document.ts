/**
 * The part of the served OpenAPI document the SDK is made from: the public API's operations,
 * with paths relative to the API root (the client adds `/api/public/v1` itself), and the
 * headers the client supplies on its own (`Idempotency-Key`, `X-Svc-Org`) optional, so that
 * a caller may pass one but never has to.
 */

const HEADERS_THE_CLIENT_SETS = new Set(['idempotency-key', 'x-svc-org']);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

interface Parameter { in?: string; name?: string; required?: boolean; $ref?: string; example?: unknown }
type Media = Record<string, { example?: unknown }>;
type Operation = { servers?: unknown[]; parameters?: Parameter[]; requestBody?: { content?: Media }; responses?: Record<string, { content?: Media }> };
type PathItem = Record<string, unknown> & Operation;
export interface OpenApiDocument {
  paths?: Record<string, PathItem>;
  components?: { parameters?: Record<string, Parameter> } & Record<string, unknown>;
  [key: string]: unknown;
}

export function sdkDocument(served: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(served);
  // Paths are relative to the document's server, the API root; an operation with servers of
  // its own (health checks, served from the host's root) is not under it.
  const underRoot = Object.entries(doc.paths ?? {}).filter(([, item]) => !item.servers && !METHODS.some((m) => (item[m] as Operation | undefined)?.servers));
  const parameters = [
    ...Object.values(doc.components?.parameters ?? {}),
    ...underRoot.flatMap(([, item]) => [item, ...METHODS.map((m) => item[m] as Operation | undefined)]).flatMap((o) => o?.parameters ?? []),
  ];
  for (const p of parameters) {
    if (p.in === 'header' && p.name && HEADERS_THE_CLIENT_SETS.has(p.name.toLowerCase())) p.required = false;
  }
  // Without the recorded examples (src/http/examples): they change whenever the example scenario is
  // recorded again (an id, a number), and the types would change with them.
  for (const o of underRoot.flatMap(([, item]) => METHODS.map((m) => item[m] as Operation | undefined))) {
    for (const p of o?.parameters ?? []) delete p.example;
    for (const media of [o?.requestBody?.content, ...Object.values(o?.responses ?? {}).map((r) => r.content)]) {
      for (const body of Object.values(media ?? {})) delete body.example;
    }
  }
  return { ...doc, paths: Object.fromEntries(underRoot) };
}
