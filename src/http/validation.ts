import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { DomainError, type FieldError } from '../kernel/errors';
import { isValidDateOrDateTime } from '../kernel/local-date';

/*
 * Two validators: bodies are taken exactly as sent (no type coercion: "5" is not 5),
 * while query strings and path parameters are text by nature and are coerced.
 * multipleOfPrecision lets `multipleOf: 0.01` accept 19.99 despite binary floating point.
 */
const common = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false, multipleOfPrecision: 6 } as const;
// ajv-formats is CommonJS; its default export is the plugin function under both loaders.
const addFormats = ((formats as unknown as { default?: typeof formats }).default ?? formats) as unknown as (ajv: Ajv) => Ajv;
const withBahiFormats = (ajv: Ajv) => addFormats(ajv).addFormat('iso-date-or-date-time', isValidDateOrDateTime);
const bodyAjv = withBahiFormats(new Ajv({ ...common, coerceTypes: false }));
const textAjv = withBahiFormats(new Ajv({ ...common, coerceTypes: 'array' }));

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object) as ValidateFunction;

/** `/line_items/0/rate` → `line_items[0].rate`. */
export function fieldPath(instancePath: string, child?: string): string {
  const parts = instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function describe(error: ErrorObject, field: string): FieldError {
  switch (error.keyword) {
    case 'required':
      return { field, code: 'validation.required_field', message: `${field} is required` };
    case 'additionalProperties':
      return { field, code: 'validation.invalid_value', message: `${field} is not a known field` };
    case 'multipleOf':
      return { field, code: 'validation.invalid_value', message: `${field} must have at most two decimal places` };
    default:
      return { field, code: 'validation.invalid_value', message: `${field || 'value'} ${error.message ?? 'is invalid'}` };
  }
}

const childOf = (e: ErrorObject): string | undefined => {
  const p = e.params as { missingProperty?: string; additionalProperty?: string };
  return p.missingProperty ?? p.additionalProperty;
};

const isUnion = (e: ErrorObject) => e.keyword === 'anyOf' || e.keyword === 'oneOf';

/**
 * A failed `anyOf`/`oneOf` reports every branch. When one branch matched the value's type and
 * failed inside it (a nullable address with a bad city), the other branches' complaints about
 * the value itself ("must be null") are noise that would name the parent as a failing field.
 */
function withoutShallowBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  const fieldOf = (e: ErrorObject) => fieldPath(e.instancePath, childOf(e));
  const noise = new Set<ErrorObject>();
  for (const union of errors.filter(isUnion)) {
    const branches = errors.filter((e) => e.schemaPath.startsWith(`${union.schemaPath}/`));
    const at = fieldOf(union);
    if (branches.some((e) => fieldOf(e) !== at)) for (const e of branches) if (fieldOf(e) === at) noise.add(e);
  }
  return errors.filter((e) => !noise.has(e));
}

/**
 * AJV's errors → the spec's shape: the first failure names `code` and `field`, and
 * `errors[]` lists every field that failed (operator.md: one rule for every endpoint).
 */
export function toValidationError(errors: readonly ErrorObject[], part: string): DomainError {
  const seen = new Set<string>();
  const fieldErrors: FieldError[] = [];
  // A failed `anyOf`/`oneOf` also reports its branches; the specific branch errors say more.
  for (const e of withoutShallowBranches(errors).filter((x) => !isUnion(x) && x.keyword !== 'if')) {
    const field = fieldPath(e.instancePath, childOf(e)) || (part === 'body' ? 'body' : part);
    const described = describe(e, field);
    const key = `${described.field}|${described.code}`;
    if (!seen.has(key)) {
      seen.add(key);
      fieldErrors.push(described);
    }
  }
  const first = fieldErrors[0] ?? { field: part, code: 'validation.invalid_value' as const, message: `${part} is invalid` };
  return new DomainError(first.code, first.message, { field: first.field, errors: fieldErrors });
}

/** Validates a value against a body schema outside a route (bulk rows): the error a route would give, or null. */
export function validateBody(schema: object, value: unknown): DomainError | null {
  const validate = bodyAjv.compile(schema);
  return validate(value) ? null : toValidationError(validate.errors ?? [], 'body');
}
