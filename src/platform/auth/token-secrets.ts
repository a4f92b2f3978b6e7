import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets: 32 random bytes, base64url, behind a prefix that says what the
 * token is (so leaked tokens are recognisable by secret scanners). Only a SHA-256
 * hash is stored: the tokens are high-entropy, so a slow hash would add nothing.
 */
export type SecretKind = 'pat' | 'oauth' | 'admin';

const PREFIX: Record<SecretKind, string> = { pat: 'bahi_pat_', oauth: 'bahi_oat_', admin: 'bahi_adm_' };

export function mintSecret(kind: SecretKind): string {
  return PREFIX[kind] + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
