import { describe, expect, it } from 'vitest';
import { TOKEN_RECHECK_MS, VerifiedTokens } from './verified-tokens';

const NOW = '2026-11-25T10:00:00.000Z';

function tokens() {
  let ms = 0;
  const cache = new VerifiedTokens<string>(() => ms);
  return { cache, advance: (by: number) => (ms += by) };
}

describe('VerifiedTokens', () => {
  it('trusts a token read less than TOKEN_RECHECK_MS ago, then has it read again', () => {
    const { cache, advance } = tokens();
    expect(cache.find('h', NOW)).toBeUndefined();
    cache.remember('h', 'alice', null, cache.beginRead());
    expect(cache.find('h', NOW)).toBe('alice');
    advance(TOKEN_RECHECK_MS - 1);
    expect(cache.find('h', NOW)).toBe('alice');
    advance(1);
    expect(cache.find('h', NOW)).toBeUndefined();
    expect(cache.find('other', NOW)).toBeUndefined();
  });

  it('refuses a remembered token once the clock reaches its expiry', () => {
    const { cache } = tokens();
    cache.remember('h', 'alice', '2026-11-25T10:00:01.000Z', cache.beginRead());
    expect(cache.find('h', NOW)).toBe('alice');
    expect(cache.find('h', '2026-11-25T10:00:01.000Z')).toBeUndefined();
  });

  it('reads every token again after a revocation, and does not remember a read that began before it', () => {
    const { cache } = tokens();
    cache.remember('h', 'alice', null, cache.beginRead());
    const before = cache.beginRead(); // a read of 'k' in flight while a token is revoked
    cache.forgetAll();
    expect(cache.find('h', NOW)).toBeUndefined();
    cache.remember('k', 'bob', null, before);
    expect(cache.find('k', NOW)).toBeUndefined();
    cache.remember('k', 'bob', null, cache.beginRead());
    expect(cache.find('k', NOW)).toBe('bob');
  });
});
