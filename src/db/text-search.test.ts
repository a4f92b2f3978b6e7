import { describe, expect, it } from 'vitest';
import { escapeLike, searchPatternOf } from './text-search';

describe('searchPatternOf', () => {
  it('is a contains-pattern of the trimmed term, A-Z lowered, other letters as written', () => {
    expect(searchPatternOf('  Asha TEX ')).toBe('%asha tex%');
    expect(searchPatternOf('ÉCOLE')).toBe('%École%');
    expect(searchPatternOf(undefined)).toBeUndefined();
  });

  it('escapes %, _ and the escape character itself', () => {
    expect(searchPatternOf('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
    expect(escapeLike('"org_1"')).toBe('"org\\_1"');
  });

  it('refuses a term of whitespace alone, on search', () => {
    for (const term of ['', ' \t ']) expect(() => searchPatternOf(term)).toThrow(expect.objectContaining({ code: 'validation.invalid_value', field: 'search' }));
  });
});
