import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { fetchDocument } from './openapi-doc';
import type { Received } from './webhook-receiver';

/*
 * A delivery as a receiver built from the OpenAPI document would check it: its body against the
 * `webhooks` entry of its event type (request body schema), its headers against that entry's
 * required header parameters.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

interface Parameter { $ref?: string; name?: string; in?: string; required?: boolean; schema?: object }
interface Document {
  webhooks?: Record<string, { post: { parameters?: Parameter[] } }>;
  components?: { parameters?: Record<string, Parameter> };
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export async function documentedDeliveryCheck(baseUrl: string) {
  const doc = (await fetchDocument(baseUrl, '/openapi.json')) as unknown as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as object, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: ref })));
    return validate;
  };

  /** Expects the delivery to be what the document says a delivery of its event type is. */
  return (got: Received) => {
    const type = got.body.event_type;
    const entry = doc.webhooks?.[type];
    expect(entry, `the document has no webhook ${type}`).toBeDefined();
    const validateBody = validatorOf(`openapi#/webhooks/${type}/post/requestBody/content/${pointer('application/json')}/schema`);
    expect(validateBody(got.body) ? [] : validateBody.errors, `${type} body against the document`).toEqual([]);
    const parameters = (entry!.post.parameters ?? []).map((p) => (p.$ref ? doc.components!.parameters![p.$ref.split('/').pop()!]! : p));
    expect(parameters.length).toBeGreaterThan(0);
    for (const p of parameters.filter((x) => x.in === 'header')) {
      const value = got.headers[p.name!.toLowerCase()];
      if (p.required) expect(value, `${type} header ${p.name}`).toBeTypeOf('string');
      if (value !== undefined && p.schema) expect(ajv.validate(p.schema, value), `${type} header ${p.name}: ${String(value)}`).toBe(true);
    }
  };
}
