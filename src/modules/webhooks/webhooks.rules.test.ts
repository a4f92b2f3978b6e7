import { describe, expect, it } from 'vitest';
import { jitterFraction, nextAttemptAfterFailure, RETRY_DELAYS_MS } from './webhooks.rules';

describe('retry schedule', () => {
  const at = new Date('2031-01-01T00:00:00Z');
  it('waits about 30 s, 5 min, 30 min, 2 h, 6 h, 24 h (±10 %), then gives up', () => {
    RETRY_DELAYS_MS.forEach((wait, i) => {
      const next = nextAttemptAfterFailure('dlv_x', i + 1, at)!.getTime() - at.getTime();
      expect(next).toBeGreaterThanOrEqual(wait * 0.9);
      expect(next).toBeLessThanOrEqual(wait * 1.1);
    });
    expect(nextAttemptAfterFailure('dlv_x', 7, at)).toBeNull();
  });
  it('jitters by delivery, reproducibly', () => {
    const values = new Set(Array.from({ length: 50 }, (_, i) => jitterFraction(`dlv_${i}`, 1)));
    expect(values.size).toBeGreaterThan(40);
    expect(jitterFraction('dlv_a', 2)).toBe(jitterFraction('dlv_a', 2));
  });
});
