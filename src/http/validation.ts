import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { DomainError } from '../kernel/errors';
import { hasAtMostTwoDecimals } from '../kernel/money';
import { TWO_DECIMALS } from './schema-kit';
import { describeField, type DescribedField } from './validation-messages';

/*
 * Two validators: bodies are taken exactly as sent (no type coercion: "5" is not 5),
 * while query strings and path parameters are text by nature and are coerced.
 * multipleOfPrecision lets a decimal `multipleOf` (quantities, rates) accept its multiples despite binary floating point.
 * verbose keeps the value and the schema on each error, for messages that name the limit.
 */
const common = { allErrors: true, strict: false, useDefaults: true, removeAdditional: false, multipleOfPrecision: 6, verbose: true } as const;
// ajv-formats is CommonJS; its default export is the plugin function under both loaders.
const addFormats = ((formats as unknown as { default?: typeof formats }).default ?? formats) as unknown as (ajv: Ajv) => Ajv;
const withBahiFormats = (ajv: Ajv) => addFormats(ajv).addFormat(TWO_DECIMALS, { type: 'number', validate: hasAtMostTwoDecimals });
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
 * AJV's errors → the spec's shape: the first failing field names `code`, `field` and
 * `details`, and `errors[]` lists every field that failed, each once (docs/rules/errors-and-validation.md: one rule
 * for every endpoint).
 */
export function toValidationError(errors: readonly ErrorObject[], part: string): DomainError {
  // A failed `anyOf`/`oneOf` also reports its branches; the branches say more, together (validation-messages.ts).
  const byField = new Map<string, ErrorObject[]>();
  for (const e of withoutShallowBranches(errors).filter((x) => !isUnion(x) && x.keyword !== 'if')) {
    const field = fieldPath(e.instancePath, childOf(e)) || (part === 'body' ? 'body' : part);
    byField.set(field, [...(byField.get(field) ?? []), e]);
  }
  const described: DescribedField[] = [...byField].map(([field, fieldErrors]) => describeField(field, fieldErrors));
  const [first] = described;
  if (!first) return new DomainError('validation.invalid_value', `${part} is invalid`, { field: part });
  return new DomainError(first.error.code, first.error.message, { field: first.error.field, details: first.details, errors: described.map((d) => d.error) });
}

/** Validates a value against a body schema outside a route (bulk rows): the error a route would give, or null. */
export function validateBody(schema: object, value: unknown): DomainError | null {
  const validate = bodyAjv.compile(schema);
  return validate(value) ? null : toValidationError(validate.errors ?? [], 'body');
}
