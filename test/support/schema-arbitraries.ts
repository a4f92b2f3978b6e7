/**
 * fast-check arbitraries derived from a JSON schema (TypeBox schemas are plain JSON schema):
 * a valid value, and mutations that make one field hostile (wrong type, null, extreme numbers,
 * huge or odd strings, structures where scalars belong, unknown or duplicated keys, missing
 * required fields, deep nesting, 10k-element arrays). Used by test/api/fuzz.test.ts.
 *
 * Values that plain JSON cannot express travel as markers and are written by toJsonText:
 * RawJson (text inserted verbatim: -0, 1e999, NaN, deep nesting), DuplicateKeys (an object
 * whose text repeats a key) and IdRef (an id the test resolves from the database at run time).
 */
import fc from 'fast-check';

export type JsonSchema = Readonly<Record<string, unknown>>;
export type PathSegment = string | number;
type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

export class RawJson {
  constructor(readonly text: string, readonly label = text.length > 40 ? `${text.slice(0, 40)}…(${text.length} chars)` : text) {}
}

export class DuplicateKeys {
  constructor(readonly entries: ReadonlyArray<readonly [string, unknown]>) {}
}

/** An id named `name` (contact_id, tax_id…): `pick` chooses among existing rows; `fallback` when there are none. */
export class IdRef {
  constructor(readonly name: string, readonly pick: number, readonly fallback: string, readonly foreign = false) {}
}

// ---------------------------------------------------------------- JSON text

export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof DuplicateKeys) return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  if (value instanceof IdRef) throw new Error(`unresolved IdRef ${value.name}`);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${toJsonText((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return value === undefined ? 'null' : JSON.stringify(value);
}

/** Replaces every IdRef with what `resolve` says; markers and plain values are kept. */
export function resolveIdRefs(value: unknown, resolve: (ref: IdRef) => string): unknown {
  if (value instanceof IdRef) return resolve(value);
  if (value instanceof RawJson) return value;
  if (value instanceof DuplicateKeys) return new DuplicateKeys(value.entries.map(([k, v]) => [k, resolveIdRefs(v, resolve)] as const));
  if (Array.isArray(value)) return value.map((v) => resolveIdRefs(v, resolve));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) defineKey(out, k, resolveIdRefs((value as Record<string, unknown>)[k], resolve));
    return out;
  }
  return value;
}

/** What the server's JSON parser makes of a body: Fastify refuses `__proto__` and `constructor.prototype` keys. */
export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'malformed' } | { kind: 'poisoned' };

export function parseLikeServer(text: string): ParsedBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'malformed' };
  }
  return isPoisoned(value) ? { kind: 'poisoned' } : { kind: 'json', value };
}

function isPoisoned(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v)) {
      if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return true;
      const ctor = Object.prototype.hasOwnProperty.call(v, 'constructor') ? (v as Record<string, unknown>).constructor : undefined;
      if (ctor !== null && typeof ctor === 'object' && Object.prototype.hasOwnProperty.call(ctor, 'prototype')) return true;
    }
    stack.push(...Object.values(v as object));
  }
  return false;
}

// ---------------------------------------------------------------- schema reading

const branchesOf = (s: JsonSchema) => ((s.anyOf ?? s.oneOf) as JsonSchema[] | undefined);

function typesOf(s: JsonSchema): JsonType[] {
  return s.type === undefined ? [] : (Array.isArray(s.type) ? s.type : [s.type]) as JsonType[];
}

function jsonTypeOf(v: unknown): JsonType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v as JsonType;
}

/** The JSON types a schema accepts, or 'any' when it does not say. */
export function acceptedTypes(s: JsonSchema): Set<JsonType> | 'any' {
  if ('const' in s) return new Set([jsonTypeOf(s.const)]);
  if (Array.isArray(s.enum)) return new Set(s.enum.map(jsonTypeOf));
  const branches = branchesOf(s);
  if (branches) {
    const all = new Set<JsonType>();
    for (const b of branches) {
      const t = acceptedTypes(b);
      if (t === 'any') return 'any';
      t.forEach((x) => all.add(x));
    }
    return all;
  }
  if (Array.isArray(s.allOf)) return acceptedTypes(mergeAllOf(s.allOf as JsonSchema[]));
  const types = typesOf(s);
  if (types.length === 0) return s.properties ? new Set(['object']) : s.items ? new Set(['array']) : 'any';
  const set = new Set(types);
  if (set.has('number')) set.add('integer');
  return set;
}

function mergeAllOf(parts: JsonSchema[]): JsonSchema {
  const merged: Record<string, unknown> = { properties: {}, required: [] };
  for (const p of parts) {
    Object.assign(merged, p, {
      properties: { ...(merged.properties as object), ...(p.properties as object | undefined) },
      required: [...(merged.required as string[]), ...((p.required as string[] | undefined) ?? [])],
    });
  }
  delete merged.allOf;
  return merged;
}

const isObjectSchema = (s: JsonSchema) => s.type === 'object' || (s.type === undefined && s.properties !== undefined);

/** The object shapes a schema may take (itself, or its anyOf/oneOf/allOf branches). */
function objectShapes(s: JsonSchema): JsonSchema[] {
  if (Array.isArray(s.allOf)) return objectShapes(mergeAllOf(s.allOf as JsonSchema[]));
  const branches = branchesOf(s);
  if (branches) return branches.flatMap(objectShapes);
  return isObjectSchema(s) ? [s] : [];
}

function arrayShapes(s: JsonSchema): JsonSchema[] {
  const branches = branchesOf(s);
  if (branches) return branches.flatMap(arrayShapes);
  return s.type === 'array' ? [s] : [];
}

// ---------------------------------------------------------------- valid values

export interface ValueOptions {
  /** Every optional property present, arrays non-empty, the non-null branch of a nullable: so every mutation site exists. */
  full?: boolean;
  depth?: number;
  /** The property name, for ids resolved from the database. */
  name?: string;
}

const alnum = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 });
const isoDate = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true });
const dateArb = isoDate.map((d) => d.toISOString().slice(0, 10));
const dateTimeArb = isoDate.map((d) => d.toISOString());
const emailArb = fc.tuple(alnum, alnum).map(([a, b]) => `${a}@${b}.example.com`);

function formatArb(format: string): fc.Arbitrary<string> | null {
  switch (format) {
    case 'date': return dateArb;
    case 'date-time': return dateTimeArb;
    case 'email': return emailArb;
    case 'uri': case 'url': return alnum.map((a) => `https://example.com/${a}`);
    case 'uuid': return fc.uuid();
    default: return /date/i.test(format) ? fc.oneof(dateArb, dateTimeArb) : null;
  }
}

const printable = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });
const anyCodePoints = (min: number, max: number) => fc.string({ unit: 'binary', minLength: min, maxLength: max });

function stringArb(s: JsonSchema, o: ValueOptions): fc.Arbitrary<unknown> {
  const min = (s.minLength as number | undefined) ?? 0;
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern as string, 'u') : null;
  // A pattern fixes its own lengths (64 hex digits): a default cap would filter out every value, and the filter would never end.
  const max = (s.maxLength as number | undefined) ?? (pattern ? Infinity : min + 40);
  const fits = (v: string) => [...v].length >= min && [...v].length <= max;
  const fromFormat = typeof s.format === 'string' ? formatArb(s.format) : null;
  let arb: fc.Arbitrary<string>;
  if (fromFormat) arb = pattern ? fromFormat.filter((v) => pattern.test(v)) : fromFormat;
  else if (pattern) arb = fc.stringMatching(pattern);
  else arb = fc.oneof({ weight: 4, arbitrary: printable(min, Math.min(max, min + 30)) }, { weight: 1, arbitrary: anyCodePoints(min, Math.min(max, min + 30)) });
  arb = arb.filter(fits);
  if (o.name && /_id$/.test(o.name)) {
    return fc.tuple(fc.nat(), arb).map(([pick, fallback]) => new IdRef(o.name!, pick, fallback));
  }
  return arb;
}

function numberArb(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  // Money and percentages (format `two-decimals`) have at most two decimals.
  const step = (s.multipleOf as number | undefined) ?? (s.format === 'two-decimals' ? 0.01 : integer ? 1 : undefined);
  const exMin = s.exclusiveMinimum as number | undefined;
  const exMax = s.exclusiveMaximum as number | undefined;
  const unit = step ?? 0.001;
  let lo = (s.minimum as number | undefined) ?? (exMin !== undefined ? exMin + unit : -1e6);
  let hi = (s.maximum as number | undefined) ?? (exMax !== undefined ? exMax - unit : lo + 2e6);
  if (exMin !== undefined) lo = Math.max(lo, exMin + unit);
  if (exMax !== undefined) hi = Math.min(hi, exMax - unit);
  if (step === undefined) return fc.double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true });
  // Whole multiples of the step, mostly small (the common case), sometimes anywhere in range.
  const inverse = 1 / step;
  const exactInverse = Number.isInteger(Math.round(inverse)) && Math.abs(inverse - Math.round(inverse)) < 1e-9;
  const toValue = (k: number) => (exactInverse ? k / Math.round(inverse) : k * step);
  const kLo = Math.ceil(lo / step - 1e-9);
  const kHi = Math.floor(hi / step + 1e-9);
  const clamp = (k: number) => Math.max(kLo, Math.min(kHi, k));
  const small = fc.integer({ min: clamp(-100_000), max: clamp(100_000) });
  const wide = fc.integer({ min: Math.max(kLo, Number.MIN_SAFE_INTEGER), max: Math.min(kHi, Number.MAX_SAFE_INTEGER) });
  return fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: wide }).map(toValue).map((v) => (Object.is(v, -0) ? 0 : v));
}

/** A value the schema accepts. */
export function validValue(s: JsonSchema, o: ValueOptions = {}): fc.Arbitrary<unknown> {
  const depth = o.depth ?? 0;
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const branches = branchesOf(s);
  if (branches) {
    if (o.full) {
      const nonNull = branches.find((b) => !(acceptedTypes(b) instanceof Set && [...(acceptedTypes(b) as Set<JsonType>)].every((t) => t === 'null')));
      return validValue(nonNull ?? branches[0]!, o);
    }
    return fc.oneof(...branches.map((b) => validValue(b, o)));
  }
  if (Array.isArray(s.allOf)) return validValue(mergeAllOf(s.allOf as JsonSchema[]), o);
  const types = typesOf(s);
  if (types.length > 1) {
    const pick = o.full ? types.filter((t) => t !== 'null') : types;
    return fc.oneof(...(pick.length > 0 ? pick : types).map((type) => validValue({ ...s, type }, o)));
  }
  const type = types[0] ?? (s.properties ? 'object' : s.items ? 'array' : undefined);
  switch (type) {
    case 'string': return stringArb(s, o);
    case 'integer': return numberArb(s, true);
    case 'number': return numberArb(s, false);
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': {
      const items = (s.items as JsonSchema | undefined) ?? {};
      const minItems = (s.minItems as number | undefined) ?? 0;
      const maxItems = (s.maxItems as number | undefined) ?? minItems + 3;
      const maxLength = Math.max(minItems, Math.min(maxItems, minItems + (o.full ? 2 : 3)));
      const minLength = o.full ? Math.min(Math.max(minItems, 1), maxItems) : minItems;
      return fc.array(validValue(items, { ...o, depth: depth + 1, name: undefined }), { minLength, maxLength });
    }
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, JsonSchema>;
      const required = (s.required ?? []) as string[];
      // Deep optional structure is cut off, so self-similar schemas still terminate.
      const keys = Object.keys(properties).filter((k) => depth < 6 || required.includes(k));
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const k of keys) model[k] = validValue(properties[k]!, { ...o, depth: depth + 1, name: k });
      const record = o.full ? fc.record(model) : fc.record(model, { requiredKeys: required.filter((k) => keys.includes(k)) });
      return record.map((r) => ({ ...r }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------- hostile values

const LONG = 10_000;
const deepArrays = (n: number) => new RawJson('['.repeat(n) + ']'.repeat(n));
const deepObjects = (n: number) => new RawJson('{"a":'.repeat(n) + '1' + '}'.repeat(n));

export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '\t\n', 'a'.repeat(LONG), '\u0000', 'a\u0000b', '\u0001\u001f\u007f\u0085', '\u202eRTL', '\ufeffBOM',
  '😀'.repeat(300), '\ud800', '\udc00x', 'e\u0301\u0301\u0301', '١٢٣', '１２３', 'null', 'undefined', 'true', 'NaN', '-0',
  '1e308', '0x10', '<script>alert(1)</script>', "' OR 1=1 --", '"; DROP TABLE contacts; --', '%00', '../../etc/passwd',
  '${jndi:ldap://x}', '{{7*7}}', '\\', '\\u0000', '€'.repeat(255), 'ǅ'.repeat(64),
];

const HOSTILE_NUMBERS: readonly unknown[] = [
  1e308, -1e308, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER, 2 ** 31, 2 ** 32, -(2 ** 31) - 1,
  0.001, 0.005, 0.015, 1.005, 2.675, 1e-7, 5e-324, -1, 0, 1.1, 0.1 + 0.2, 100.000000001, 999_999_999_999.99, 1_000_000_000_000.01,
  new RawJson('-0'), new RawJson('-0.0'), new RawJson('1e999'), new RawJson('-1e999'), new RawJson('1E2'), new RawJson('0.1e1'),
  new RawJson('123456789012345678901234567890'), new RawJson('1.00000000000000000000001'), new RawJson('1e-400'),
  new RawJson('NaN'), new RawJson('Infinity'), new RawJson('0x10'), new RawJson('01'), new RawJson('+1'), new RawJson('.5'),
];

const WRONG_TYPE_SAMPLES: ReadonlyArray<readonly [JsonType, unknown]> = [
  ['string', 'x'], ['string', '123'], ['string', ''], ['number', 1.5], ['integer', 0], ['integer', 42],
  ['boolean', true], ['boolean', false], ['null', null], ['object', {}], ['object', { a: 1 }], ['object', { value: 'x' }],
  ['array', []], ['array', [1]], ['array', ['x']], ['array', [null]],
];

const STRUCTURES: readonly unknown[] = [
  {}, [], [[]], [null], { a: { b: { c: [] } } }, { $ref: '#' }, { '': '' }, [{}, {}],
  deepArrays(1000), deepObjects(1000), deepArrays(20_000), deepObjects(5_000),
];

/** Edges of the schema's own constraints: one step past each bound, one char past each length. */
function boundaryValues(s: JsonSchema): unknown[] {
  const out: unknown[] = [];
  const step = (s.multipleOf as number | undefined) ?? 0.01;
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const bound = s[key];
    if (typeof bound === 'number') out.push(bound, bound - step, bound + step, bound - 1, bound + 1, bound + step / 2);
  }
  if (typeof s.maxLength === 'number') out.push('x'.repeat(s.maxLength + 1), '€'.repeat(s.maxLength), '😀'.repeat(s.maxLength + 1));
  if (typeof s.minLength === 'number' && s.minLength > 0) out.push('x'.repeat(s.minLength - 1));
  if (typeof s.maxItems === 'number') out.push(new Array(s.maxItems + 1).fill(null));
  if (Array.isArray(s.enum)) {
    for (const e of s.enum) if (typeof e === 'string') out.push(e.toLowerCase(), `${e} `, ` ${e}`, e.toUpperCase() + '\u0000');
  }
  if (typeof s.format === 'string' && /date/.test(s.format)) {
    out.push('2024-02-30', '2023-02-29', '2024-13-01', '0000-00-00', '99999-01-01', '2024-1-1', '2024-01-01T25:00:00Z', '2024-01-01T00:00:00+99:99', '1970-01-01', '9999-12-31');
  }
  return out;
}

/** A value that has a good chance of being wrong for this schema. */
export function hostileValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const accepted = acceptedTypes(s);
  const wrongType = WRONG_TYPE_SAMPLES.filter(([t]) => accepted !== 'any' && !accepted.has(t)).map(([, v]) => v);
  const items = arrayShapes(s)[0]?.items as JsonSchema | undefined;
  const bigArray = (items ? validValue(items) : fc.constant<unknown>(1)).map((v) => new Array<unknown>(LONG).fill(v));
  const arbs: Array<fc.WeightedArbitrary<unknown>> = [
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom<unknown>(...HOSTILE_STRINGS) },
    { weight: 2, arbitrary: fc.constantFrom<unknown>(...STRUCTURES) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: anyCodePoints(0, 60) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: bigArray },
  ];
  if (wrongType.length > 0) arbs.push({ weight: 4, arbitrary: fc.constantFrom(...wrongType) });
  const edges = [s, ...(branchesOf(s) ?? [])].flatMap(boundaryValues);
  if (edges.length > 0) arbs.push({ weight: 4, arbitrary: fc.constantFrom(...edges) });
  return fc.oneof(...arbs);
}

// ---------------------------------------------------------------- mutation sites

export interface Site {
  path: PathSegment[];
  schema: JsonSchema;
  /** The property is required by its parent object. */
  required: boolean;
}

/** Every place in a value of this schema where a mutation can go: the root, each property, the first item of each array. */
export function sitesOf(schema: JsonSchema, path: PathSegment[] = [], required = true, depth = 0): Site[] {
  const out: Site[] = [{ path, schema, required }];
  if (depth > 5) return out;
  for (const shape of objectShapes(schema)) {
    const req = (shape.required ?? []) as string[];
    for (const [k, p] of Object.entries((shape.properties ?? {}) as Record<string, JsonSchema>)) {
      out.push(...sitesOf(p, [...path, k], req.includes(k), depth + 1));
    }
  }
  for (const shape of arrayShapes(schema)) {
    if (shape.items && typeof shape.items === 'object') out.push(...sitesOf(shape.items as JsonSchema, [...path, 0], true, depth + 1));
  }
  return out;
}

export type Mutation =
  | { op: 'set'; path: PathSegment[]; value: unknown }
  | { op: 'delete'; path: PathSegment[] }
  | { op: 'addKey'; path: PathSegment[]; key: string; value: unknown }
  | { op: 'duplicateKey'; path: PathSegment[]; value: unknown; hostileLast: boolean };

const UNKNOWN_KEYS = fc.constantFrom(
  'unknown_field', '', ' ', 'a'.repeat(300), '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString',
  '😀', '\u0000', 'org_id', 'id', 'created_time', 'status ', '$where', 'contact_name\u0000',
);

export function siteMutation(site: Site): fc.Arbitrary<Mutation> {
  const { path, schema } = site;
  const arbs: Array<fc.WeightedArbitrary<Mutation>> = [
    { weight: 6, arbitrary: hostileValue(schema).map((value) => ({ op: 'set' as const, path, value })) },
  ];
  if (typeof path[path.length - 1] === 'string') {
    arbs.push({ weight: site.required ? 3 : 1, arbitrary: fc.constant({ op: 'delete' as const, path }) });
    arbs.push({ weight: 1, arbitrary: fc.tuple(hostileValue(schema), fc.boolean()).map(([value, hostileLast]) => ({ op: 'duplicateKey' as const, path, value, hostileLast })) });
  }
  if (objectShapes(schema).length > 0) {
    arbs.push({ weight: 2, arbitrary: fc.tuple(UNKNOWN_KEYS, fc.jsonValue({ maxDepth: 2 })).map(([key, value]) => ({ op: 'addKey' as const, path, key, value })) });
  }
  return fc.oneof(...arbs);
}

/** A mutation at any site of the schema. */
export function mutation(schema: JsonSchema): fc.Arbitrary<Mutation> {
  return fc.oneof(...sitesOf(schema).map(siteMutation));
}

function defineKey(target: Record<string, unknown>, key: string, value: unknown) {
  // defineProperty, so that "__proto__" becomes an own key as JSON.parse would make it.
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A plain object or array (not one of the markers above). */
const isPlain = (v: unknown): v is Record<PathSegment, unknown> =>
  Array.isArray(v) || (v !== null && typeof v === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(v)));

function clonePlain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(clonePlain);
  if (isPlain(value)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) defineKey(out, k, clonePlain((value as Record<string, unknown>)[k]));
    return out;
  }
  return value;
}

const isContainer = isPlain;

/** Applies a mutation to a (resolved) valid value; missing containers on the way are created. */
export function applyMutation(base: unknown, m: Mutation): unknown {
  const root = { value: clonePlain(base) } as Record<PathSegment, unknown>;
  const full: PathSegment[] = ['value', ...m.path];
  let parent = root;
  for (let i = 0; i < full.length - 1; i++) {
    const seg = full[i]!;
    if (!isContainer(parent[seg])) defineKey(parent as Record<string, unknown>, String(seg), typeof full[i + 1] === 'number' ? [] : {});
    parent = parent[seg] as Record<PathSegment, unknown>;
  }
  const last = full[full.length - 1]!;
  switch (m.op) {
    case 'set':
      if (Array.isArray(parent) && typeof last === 'number') parent[last] = m.value;
      else defineKey(parent as Record<string, unknown>, String(last), m.value);
      break;
    case 'delete':
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else delete parent[last];
      break;
    case 'addKey': {
      if (!isContainer(parent[last]) || Array.isArray(parent[last])) defineKey(parent as Record<string, unknown>, String(last), {});
      defineKey(parent[last] as Record<string, unknown>, m.key, m.value);
      break;
    }
    case 'duplicateKey': {
      // The parent object is rewritten as text with the key twice; JSON.parse keeps the last one.
      const key = String(last);
      const original = (parent as Record<string, unknown>)[key];
      const entries = Object.keys(parent).map((k) => [k, parent[k]] as const).filter(([k]) => k !== key);
      const pair: Array<readonly [string, unknown]> = m.hostileLast ? [[key, original ?? 'x'], [key, m.value]] : [[key, m.value], [key, original ?? 'x']];
      // The property's path is never empty, so `full` has a grandparent segment ('value' at least).
      const grand = full[full.length - 2]!;
      const rewritten = new DuplicateKeys([...entries, ...pair]);
      let g = root;
      for (let i = 0; i < full.length - 2; i++) g = g[full[i]!] as Record<PathSegment, unknown>;
      if (Array.isArray(g) && typeof grand === 'number') g[grand] = rewritten;
      else defineKey(g as Record<string, unknown>, String(grand), rewritten);
      break;
    }
  }
  return root.value;
}

/** `['line_items', 0, 'rate']` → `line_items[0].rate`, the spec's way of naming a field. */
export function fieldName(path: readonly PathSegment[]): string {
  return path.reduce<string>((acc, seg) => (typeof seg === 'number' || /^\d+$/.test(seg) ? `${acc}[${seg}]` : acc ? `${acc}.${seg}` : seg), '');
}

/** Short, printable description of a value for failure messages (never 10k characters). */
export function preview(value: unknown, max = 300): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : toJsonText(value);
  } catch {
    text = String(value);
  }
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > max ? `${escaped.slice(0, max)}…(${text.length} chars)` : escaped;
}
