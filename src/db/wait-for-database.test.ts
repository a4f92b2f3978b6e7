import { describe, expect, it } from 'vitest';
import { whenDatabaseReachable } from './wait-for-database';

const refused = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

/** A fake timeline: sleeping moves it on, attempts take no time. */
function timeline() {
  let now = 0;
  const pauses: number[] = [];
  return {
    pauses,
    elapsedMs: () => now,
    sleep: async (ms: number) => {
      pauses.push(ms);
      now += ms;
    },
  };
}

describe('whenDatabaseReachable', () => {
  it('retries an unreachable database with pauses doubling from 250 ms up to 5 s, then succeeds', async () => {
    const t = timeline();
    let attempts = 0;
    const retries: number[] = [];
    const result = await whenDatabaseReachable(async () => {
      attempts += 1;
      if (attempts < 8) throw refused();
      return 'migrated';
    }, { waitSeconds: 60, onRetry: (_e, delay) => retries.push(delay), ...t });
    expect(result).toBe('migrated');
    expect(t.pauses).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(retries).toEqual(t.pauses);
  });

  it('gives up once the wait is used, its last pause cut to fit', async () => {
    const t = timeline();
    await expect(whenDatabaseReachable(async () => { throw refused(); }, { waitSeconds: 3, onRetry: () => {}, ...t }))
      .rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.pauses).toEqual([250, 500, 1000, 1250]);
  });

  it('does not wait on an error that waiting cannot mend (a wrong password)', async () => {
    const t = timeline();
    const wrongPassword = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(whenDatabaseReachable(async () => { throw wrongPassword; }, { waitSeconds: 60, onRetry: () => {}, ...t })).rejects.toBe(wrongPassword);
    expect(t.pauses).toEqual([]);
  });
});
