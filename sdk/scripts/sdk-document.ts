/**
 * The part of the served OpenAPI document the SDK is made from: the public API's operations,
 * with paths relative to the API root (the client adds `/api/public/v1` itself), and the
 * headers the client supplies on its own (`Idempotency-Key`, `X-Svc-Org`) optional, so that
 * a caller may pass one but never has to.
 */

import { API_ROOT } from '../src/api-root.js';

const HEADERS_THE_CLIENT_SETS = new Set(['idempotency-key', 'x-svc-org']);

interface Parameter { in?: string; name?: string; required?: boolean }
type PathItem = Record<string, unknown> & { parameters?: Parameter[] };
export interface OpenApiDocument { paths?: Record<string, PathItem>; [key: string]: unknown }

export function sdkDocument(served: OpenApiDocument): OpenApiDocument {
  const doc = structuredClone(served);
  const paths = Object.entries(doc.paths ?? {});
  // The public document may list its paths from the API root already (with `servers`), or
  // from the host, beside other APIs' paths: keep only the public ones, made relative.
  const absolute = paths.some(([path]) => path.startsWith(`${API_ROOT}/`));
  const publicPaths = absolute
    ? paths.filter(([path]) => path.startsWith(`${API_ROOT}/`)).map(([path, item]): [string, PathItem] => [path.slice(API_ROOT.length), item])
    : paths;
  for (const [, item] of publicPaths) {
    for (const operation of [item, ...Object.values(item)]) optionalClientHeaders(operation);
  }
  return { ...doc, paths: Object.fromEntries(publicPaths) };
}

function optionalClientHeaders(operation: unknown): void {
  const parameters = (operation as { parameters?: unknown } | null)?.parameters;
  if (!Array.isArray(parameters)) return;
  for (const p of parameters as Parameter[]) {
    if (p.in === 'header' && p.name && HEADERS_THE_CLIENT_SETS.has(p.name.toLowerCase())) p.required = false;
  }
}
