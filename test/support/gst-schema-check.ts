import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/*
 * Every return and e-document a test receives is checked against the government's published
 * schema (test/fixtures/gst-schemas/README.md says where each came from): GSTR-1 against GSTN's
 * upload schema, GSTR-3B against GSTN's, e-invoices against the IRP's 1.1 schema and e-way
 * bills against NIC's 1.03. A return the portal would refuse fails the test that received it.
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

/** `eDocument`: a null stands for an optional field left out, as NIC's own samples send it, and `URP` for the GSTIN of a party that has none. */
interface Checked { path: RegExp; field: string; schema: string; eDocument: boolean }

const CHECKED: Checked[] = [
  { path: /\/gst\/gstr1$/, field: 'gstr1', schema: 'gstr1.upload', eDocument: false },
  { path: /\/gst\/gstr3b$/, field: 'gstr3b', schema: 'gstr3b', eDocument: false },
  { path: /\/(invoices|credit_notes|debit_notes)\/[^/]+\/einvoice$/, field: 'einvoice', schema: 'einvoice', eDocument: true },
  { path: /\/(invoices|bills|bills_of_entry|delivery_challans|credit_notes)\/[^/]+\/ewaybill$/, field: 'ewaybill', schema: 'ewaybill', eDocument: true },
];

const withoutNulls = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
};

const valueAt = (document: unknown, pointer: string): unknown =>
  pointer.split('/').slice(1).reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], document);

const validators = new Map<string, ValidateFunction>();

function validatorOf(name: string): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    const schema = JSON.parse(readFileSync(new URL(`../fixtures/gst-schemas/${name}.schema.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    // Each schema declares its draft (the IRP's draft-07); the others are read as 2020-12.
    const ajv = String(schema.$schema ?? '').includes('draft-07') ? new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, multipleOfPrecision: 6 }) : new Ajv2020({ strict: false, allErrors: true, unicodeRegExp: false, multipleOfPrecision: 6 });
    addFormats(ajv);
    validate = ajv.compile(schema);
    validators.set(name, validate);
  }
  return validate;
}

/** The problem with a GST document in a successful JSON answer, or null (also for answers that carry none). */
export function gstSchemaProblem(method: string, pathname: string, status: number, body: unknown): string | null {
  if (method !== 'GET' || status !== 200 || typeof body !== 'object' || body === null) return null;
  const checked = CHECKED.find((c) => c.path.test(pathname));
  const document = checked && (body as Record<string, unknown>)[checked.field];
  if (!checked || document === undefined) return null;
  const validate = validatorOf(checked.schema);
  const checkedForm = checked.eDocument ? withoutNulls(document) : document;
  if (validate(checkedForm)) return null;
  const problems = (validate.errors ?? []).filter((e) => !(checked.eDocument && valueAt(checkedForm, e.instancePath) === 'URP'));
  if (problems.length === 0) return null;
  const errors = problems.slice(0, 5).map((e) => `${e.instancePath || '(document)'} ${e.message}`);
  return `GET ${pathname}: the ${checked.field} does not match the ${checked.schema} schema: ${errors.join('; ')}\n${JSON.stringify(document).slice(0, 600)}`;
}
