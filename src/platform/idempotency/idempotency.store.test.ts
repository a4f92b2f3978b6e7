import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hashRequestBody } from './idempotency.store';

/** The obvious recursive canonical form, as a reference for the stack-based one. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('hashRequestBody', () => {
  it('ignores key order, at every depth', () => {
    expect(hashRequestBody({ a: 1, b: { c: [1, { d: 2, e: 3 }], f: null } }))
      .toBe(hashRequestBody({ b: { f: null, c: [1, { e: 3, d: 2 }] }, a: 1 }));
  });

  it('tells different bodies apart', () => {
    const base = { contact_name: 'A', tags: [1, 2] };
    for (const other of [{ contact_name: 'B', tags: [1, 2] }, { contact_name: 'A', tags: [2, 1] }, { contact_name: 'A', tags: [1, 2], x: null },
      { contact_name: 'A', tags: ['1', 2] }, { contact_name: 'A', tags: [1, 2, []] }, [base], null]) {
      expect(hashRequestBody(other)).not.toBe(hashRequestBody(base));
    }
  });

  it('treats a missing body as null', () => {
    expect(hashRequestBody(undefined)).toBe(hashRequestBody(null));
  });

  it('hashes the canonical JSON a recursive walk would write (property)', () => {
    fc.assert(fc.property(fc.oneof(fc.jsonValue(), fc.dictionary(fc.oneof(fc.string(), fc.nat().map(String)), fc.jsonValue())), (value) => {
      expect(hashRequestBody(value)).toBe(sha(reference(value ?? null)));
    }), { numRuns: 500 });
  });

  it('sorts integer-like keys as text too, as JavaScript objects would not', () => {
    expect(hashRequestBody({ b: 1, 10: 2, 9: 3, a: { 2: 0, '01': 1 } })).toBe(sha('{"10":2,"9":3,"a":{"01":1,"2":0},"b":1}'));
  });

  it('copes with bodies nested far deeper than a call stack (JSON.parse accepts them)', () => {
    const arrays = JSON.parse(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    const objects = JSON.parse(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`);
    expect(hashRequestBody(arrays)).toBe(sha(`${'['.repeat(50_000)}${']'.repeat(50_000)}`));
    expect(hashRequestBody(objects)).toBe(sha(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`));
  });
});
