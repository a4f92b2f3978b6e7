import { describe, expect, it } from 'vitest';
import { RestartBackoff } from './restart-backoff';

describe('RestartBackoff', () => {
  it('doubles from 1 s for each process in a row that died before listening, up to 60 s', () => {
    const backoff = new RestartBackoff<'lead' | 'peer'>();
    const delays = Array.from({ length: 9 }, () => backoff.died('lead', false));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('starts again at 1 s once a process of the role listened, and counts each role apart', () => {
    const backoff = new RestartBackoff<'lead' | 'peer'>();
    backoff.died('lead', false);
    backoff.died('lead', false);
    expect(backoff.died('peer', false)).toBe(1000);
    backoff.listened('lead');
    expect(backoff.died('lead', false)).toBe(1000);
    expect(backoff.died('lead', true)).toBe(1000);
    expect(backoff.died('lead', false)).toBe(1000);
    expect(backoff.died('lead', false)).toBe(2000);
  });
});
