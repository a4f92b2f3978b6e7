import { describe, expect, it } from 'vitest';
import { patternFault } from './rule-pattern.rules';

describe('a rule pattern whose matching time is bounded', () => {
  it('accepts the patterns banks\' narrations call for', () => {
    for (const ok of ['^NEFT', 'UPI/\\d+/RAZORPAY', 'CHQ (DEP|DEPOSIT)', 'INT\\.PD.*\\d{2}-\\d{2}', '(?:IMPS|NEFT)-[A-Z0-9]{4,16}', '[a-z]+ charges?', '(abc)+']) {
      expect(patternFault(ok), ok).toBeNull();
    }
  });

  it('refuses nested quantifiers and quantified alternations, the exponential kind', () => {
    for (const bad of ['(a+)+$', '(a*)*b', '(\\w+\\s?)+x', '(a|aa)+$', '((ab)*c)+', '(?:x+){2,}']) {
      expect(patternFault(bad), bad).toMatch(/nested quantifiers/);
    }
  });

  it('refuses more than two unbounded quantifiers, a long pattern, backreferences, lookarounds and a pattern that does not compile', () => {
    expect(patternFault('.*.*.*x')).toMatch(/unbounded/);
    expect(patternFault('a{1,100}b+c*')).toMatch(/unbounded/);
    expect(patternFault('a'.repeat(101))).toMatch(/100 characters/);
    expect(patternFault('(a)\\1')).toMatch(/backreferences/);
    expect(patternFault('a(?=b)')).toMatch(/lookarounds/);
    expect(patternFault('(abc')).toMatch(/not a valid/);
  });

  it('reads escapes and classes as single characters: a quantifier inside a class or escaped is none', () => {
    expect(patternFault('([*+]x)+')).toBeNull();
    expect(patternFault('(\\+91)+')).toBeNull();
  });
});
