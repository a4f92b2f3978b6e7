import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Signing secrets at rest (docs/decisions.md "Webhooks"). The service must sign with the
 * secret, so it cannot keep only a hash: each secret is sealed with AES-256-GCM under a key
 * derived by HKDF-SHA256 from the server secret (BAHI_SECRET, or the one generated into
 * system_settings on first start), with the endpoint id as associated data so a sealed
 * secret cannot be moved to another endpoint's row. Stored as `v1.<iv>.<tag>.<ciphertext>`,
 * base64url parts.
 */
export interface SecretBox {
  seal(plaintext: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
}

export function secretBox(serverSecret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'bahi', 'webhook-signing-secrets v1', 32));
  return {
    seal(plaintext, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
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
