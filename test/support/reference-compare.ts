import { expect } from 'vitest';

/*
 * Bahi's GST e-documents against published reference payloads (india_compliance's test data),
 * field by field: every leaf of the reference must be equal in Bahi's unless the test ignores it
 * with a reason, and every leaf Bahi adds must be one the test lists as extra, with a reason.
 */

type Json = Record<string, unknown>;

/** A JSON value as its leaves: path (dots, array indices as numbers) → value. */
export function leaves(value: unknown, path = ''): Map<string, unknown> {
  if (value === null || typeof value !== 'object') return new Map([[path, value]]);
  return new Map(Object.entries(value).flatMap(([k, v]) => [...leaves(v, path ? `${path}.${k}` : k)]));
}

export interface ReferenceRules {
  /** Reference fields Bahi does not match, by rule path, and why. */
  ignored: Record<string, string>;
  /** Fields Bahi sends that the reference leaves out, by rule path, and why. */
  extra: Record<string, string>;
  /** A leaf's path as the rules name it (item indices as `*`). */
  rule: (path: string) => string;
  /** The reference's value as Bahi would write it (a GSTIN translated, a number sent as text). */
  translate?: (value: unknown, path: string) => unknown;
  /** Whether two values are equal; strict by default. */
  equal?: (ours: unknown, theirs: unknown) => boolean;
}

export function expectLikeReference(bahi: Json, reference: Json, rules: ReferenceRules) {
  const { ignored, extra, rule, translate = (v) => v, equal = Object.is } = rules;
  const ours = leaves(bahi);
  const theirs = new Map([...leaves(reference)].map(([p, v]) => [p, translate(v, p)]));
  const different = [...theirs].filter(([p, v]) => !(rule(p) in ignored) && !equal(ours.get(p), v))
    .map(([p, v]) => `${p}: reference ${JSON.stringify(v)}, Bahi ${JSON.stringify(ours.get(p))}`);
  const added = [...ours.keys()].filter((p) => !theirs.has(p) && !(rule(p) in extra) && !(rule(p) in ignored));
  expect({ different, added }).toEqual({ different: [], added: [] });
}
