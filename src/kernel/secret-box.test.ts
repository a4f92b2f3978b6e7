import { describe, expect, it } from 'vitest';
import { isSealed, resealer, secretBox } from './secret-box';

describe('secretBox', () => {
  const box = secretBox('server secret', 'webhook-signing-secrets');

  it('opens what it sealed for the same row only, and under its own purpose only', () => {
    const sealed = box.seal('whsec_abc', 'whe_1');
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('whsec_abc');
    expect(box.open(sealed, 'whe_1')).toBe('whsec_abc');
    expect(() => box.open(sealed, 'whe_2')).toThrow();
    expect(() => secretBox('server secret', 'idempotency-answers').open(sealed, 'whe_1')).toThrow();
    expect(() => secretBox('another secret', 'webhook-signing-secrets').open(sealed, 'whe_1')).toThrow();
    expect(isSealed('{"code":0}')).toBe(false);
  });
});

describe('resealer', () => {
  const purpose = 'idempotency-answers';
  const [old, older, next] = ['old key', 'older key', 'new key'].map((k) => secretBox(k, purpose));
  const reseal = resealer([old!, older!], next!);

  it('seals again under the new key what a retired key sealed', () => {
    for (const retired of [old!, older!]) {
      const again = reseal(retired.seal('answer', 'k1'), 'k1');
      expect(next!.open(again!, 'k1')).toBe('answer');
    }
  });

  it('leaves what the new key already opens, and answers null for what no key opens', () => {
    const current = next!.seal('answer', 'k1');
    expect(reseal(current, 'k1')).toBe(current);
    expect(reseal(secretBox('lost key', purpose).seal('answer', 'k1'), 'k1')).toBeNull();
    expect(reseal(old!.seal('answer', 'k1'), 'k2')).toBeNull();
  });
});
