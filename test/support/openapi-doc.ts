/** The OpenAPI document the server serves, read as tests need it: its operations and minimal request bodies. */

export type JsonSchema = {
  type?: string | string[]; properties?: Record<string, JsonSchema>; required?: string[]; items?: JsonSchema;
  enum?: unknown[]; const?: unknown; default?: unknown; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
  format?: string; pattern?: string; minLength?: number; minItems?: number; minimum?: number; exclusiveMinimum?: number;
};

export interface OpenApiOperation { operationId: string; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }
export type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };

export async function fetchOpenApi(baseUrl: string): Promise<OpenApiDoc> {
  const res = await fetch(`${baseUrl}/openapi.json`);
  if (res.status !== 200) throw new Error(`GET /openapi.json: ${res.status}`);
  return (await res.json()) as OpenApiDoc;
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
