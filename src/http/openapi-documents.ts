import type { FastifyDynamicSwaggerOptions, SwaggerOptions } from '@fastify/swagger';
import type { OpenAPIV3_1 } from 'openapi-types';
import { openApiOptions } from './openapi';
import { withHeaders } from './openapi-headers';
import { WEBHOOK_PARAMETERS, webhookSchemas, webhooksSection } from './openapi-webhooks';
import { ADMIN_PREFIX, PUBLIC_PREFIX, type RouteDef } from './route';
import { TWO_DECIMALS } from './schema-kit';

/*
 * Two OpenAPI documents: the public API (GET /openapi.json) and the operator's admin API
 * (GET /api/admin/v1/openapi.json). @fastify/swagger makes one document per instance, from the
 * routes its instance sees. The public instance is registered at the root, so it sees every
 * route and hides the admin ones; the admin routes live in an encapsulated plugin with an
 * instance of their own (http/server.ts). Each document is then the library's own output for
 * its routes, with nothing copied or filtered out of a shared document afterwards.
 */

type Spec = Partial<OpenAPIV3_1.Document>;

/** A server's URL: under BAHI_PUBLIC_URL when set, else relative to where the document is read (same origin). */
const serverUrl = (publicUrl: string | undefined, prefix: string) => `${publicUrl ?? ''}${prefix}`;

const SCHEMA_REF = '#/components/schemas/';

/**
 * Every named schema is registered with Fastify once (response-schemas.ts Named), so each
 * document is generated with all of them: it keeps those its own operations reach.
 */
function withoutUnusedSchemas<T extends object>(document: T): T {
  const components = (document as Spec).components ?? {};
  const schemas = (components.schemas ?? {}) as Record<string, unknown>;
  const used = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(SCHEMA_REF)) {
          const name = decodeURIComponent(value.slice(SCHEMA_REF.length));
          if (!used.has(name)) {
            used.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit({ ...document, components: { ...components, schemas: {} } });
  components.schemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))) as never;
  return document;
}

/**
 * The documents use JSON Schema's standard formats only. Two decimals (TWO_DECIMALS) is a
 * format of the server's own validator; a default validator refuses a format it does not know
 * (Ajv in strict mode will not compile the schema), so the document keeps the rule in each
 * amount's description and leaves the format out.
 */
function withStandardFormats<T extends object>(document: T): T {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const n = node as Record<string, unknown>;
      if (n.format === TWO_DECIMALS) delete n.format;
      Object.values(n).forEach(visit);
    }
  };
  visit(document);
  return document;
}

/** One surface's document: the shared generator options, this surface's header, and the headers of its routes. */
function documentOptions(routes: readonly RouteDef[], spec: Spec, extra: Partial<FastifyDynamicSwaggerOptions> = {}): SwaggerOptions {
  const base = openApiOptions() as FastifyDynamicSwaggerOptions;
  const transformBase = base.transformObject!;
  return {
    ...base,
    ...extra,
    openapi: { ...(base.openapi as Spec), ...spec, info: { ...spec.info!, license: { name: 'AGPL-3.0-only', identifier: 'AGPL-3.0-only' } } },
    transformObject: (document) => withStandardFormats(withoutUnusedSchemas(withHeaders(transformBase(document), routes))),
  };
}

export function publicDocumentOptions(routes: readonly RouteDef[], publicUrl: string | undefined): SwaggerOptions {
  const root = publicUrl ?? '/';
  return documentOptions(routes.filter((def) => def.access !== 'admin'), {
    info: {
      title: 'Bahi public API',
      version: '1',
      description: 'GST-aware double-entry accounting. Success bodies carry `code` 0; errors carry a string `code`, `message`, `field`, `details`, `request_id` and `errors[]`.',
    },
    servers: [{ url: serverUrl(publicUrl, PUBLIC_PREFIX), description: 'The public API (BAHI_PUBLIC_URL)' }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'Personal access token or OAuth access token' } },
      parameters: WEBHOOK_PARAMETERS as never,
      schemas: webhookSchemas() as never,
    },
    webhooks: webhooksSection(),
  }, {
    // The admin routes have a document of their own; operations outside the public prefix (health) are served from the root.
    transform: ({ schema, url }) => ({
      schema: url.startsWith(`${ADMIN_PREFIX}/`) ? { ...schema, hide: true } : url.startsWith(`${PUBLIC_PREFIX}/`) ? schema : { ...schema, servers: [{ url: root }] },
      url,
    }),
  });
}

export function adminDocumentOptions(routes: readonly RouteDef[], publicUrl: string | undefined): SwaggerOptions {
  return documentOptions(routes.filter((def) => def.access === 'admin'), {
    info: {
      title: 'Bahi admin API',
      version: '1',
      description: 'The operator\'s API: organisations, tokens and the service\'s own records, authenticated with the operator secret (BAHI_ADMIN_TOKEN). Errors have the public API\'s shape.',
    },
    servers: [{ url: serverUrl(publicUrl, ADMIN_PREFIX), description: 'The admin API (BAHI_PUBLIC_URL)' }],
    security: [{ adminAuth: [] }],
    components: {
      securitySchemes: { adminAuth: { type: 'http', scheme: 'bearer', description: 'Operator secret (BAHI_ADMIN_TOKEN)' } },
    },
  }, { decorator: 'adminSwagger' });
}
