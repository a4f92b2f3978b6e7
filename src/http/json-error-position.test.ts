import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonFault } from './json-error-position';

describe('findJsonFault', () => {
  it.each([
    ['{"contact_name": ', 17, true, 1, 18],
    ['x', 0, false, 1, 1],
    ['{"a":1,}', 7, false, 1, 8],
    ['{"a": tru}', 9, false, 1, 10],
    ['{"a": undefined}', 6, false, 1, 7],
    ['{"a":1} x', 8, false, 1, 9],
    ['[1,2', 4, true, 1, 5],
    ['{"a":"b\nc"}', 7, false, 1, 8],
    ['{\n  "a": 1\n  "b": 2\n}', 13, false, 3, 3],
    ['{"a": 01}', 7, false, 1, 8],
    ['"abc', 4, true, 1, 5],
    ['{"a":"\\x"}', 7, false, 1, 8],
    ['{"a" 1}', 5, false, 1, 6],
    ['{,}', 1, false, 1, 2],
    ['[1 2]', 3, false, 1, 4],
    ['{"a":1]', 6, false, 1, 7],
    ['', 0, true, 1, 1],
  ])('%j fails at %i', (text, offset, truncated, line, column) => {
    expect(findJsonFault(text)).toEqual({ offset, truncated, line, column });
  });

  it.each(['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "x\\u00e9\\n"]} ', '"s"', '0', '{"a":{"b":[{}]}}'])('finds nothing wrong in %j', (text) => {
    expect(findJsonFault(text)).toBeNull();
  });

  it('does not overflow on deep nesting', () => {
    expect(findJsonFault('['.repeat(1_000_000))).toMatchObject({ offset: 1_000_000, truncated: true });
  });

  it('agrees with JSON.parse on what is JSON', () => {
    fc.assert(fc.property(fc.oneof(fc.json(), fc.string()), (text) => {
      let valid = true;
      try { JSON.parse(text); } catch { valid = false; }
      return (findJsonFault(text) === null) === valid;
    }), { numRuns: 2000 });
  });
});
