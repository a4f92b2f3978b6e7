import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (docs/decisions.md "Security"). What the service must use again (a webhook
 * signing secret, an idempotent answer that shows one) cannot be kept as a hash: it is sealed
 * with AES-256-GCM under a key derived by HKDF-SHA256 from the server secret (BAHI_SECRET, or
 * on the embedded engine `<data dir>/secret.key`), one key per purpose, with what the value
 * belongs to (an endpoint id, an idempotency key) as associated data, so a sealed value cannot
 * be moved to another row. Stored as `v1.<iv>.<tag>.<ciphertext>`, base64url parts.
 */
export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  /** Throws when the value was not sealed by this box for `boundTo` (another key, another row, tampered). */
  open(sealed: string, boundTo: string): string;
}

/** What a key seals: each purpose has a key of its own, so one kind of sealed value never opens as another. */
export type SealPurpose = 'webhook-signing-secrets' | 'idempotency-answers';

const SEALED_PREFIX = 'v1.';

/** Whether stored text is a sealed value (JSON, the other thing such columns hold, never starts with `v`). */
export const isSealed = (text: string): boolean => text.startsWith(SEALED_PREFIX);

export function secretBox(serverSecret: string, purpose: SealPurpose): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'bahi', `${purpose} v1`, 32));
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + [iv, cipher.getAuthTag(), ciphertext].map((p) => p.toString('base64url')).join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('sealed secret has an unknown format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * Re-seals a value under `to` when it was sealed under one of `from` (a retired server secret);
 * a value `to` already opens comes back as it is (a re-seal that ran before). Null: no key opens it.
 */
export function resealer(from: readonly SecretBox[], to: SecretBox) {
  const opens = (box: SecretBox, sealed: string, boundTo: string) => {
    try {
      return box.open(sealed, boundTo);
    } catch {
      return null;
    }
  };
  return (sealed: string, boundTo: string): string | null => {
    if (opens(to, sealed, boundTo) !== null) return sealed;
    for (const box of from) {
      const plain = opens(box, sealed, boundTo);
      if (plain !== null) return to.seal(plain, boundTo);
    }
    return null;
  };
}
