import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LINK_TTL_SECONDS, downloadLinkSigner } from './download-link.rules';

const now = new Date('2026-06-15T04:30:00.000Z');
const signer = downloadLinkSigner('server-secret-1');

describe('download links', () => {
  it('are valid for 15 minutes from the clock given, and expire exactly then', () => {
    const link = signer.sign('org_a', 'att_1', now);
    expect(link).toMatchObject({ org_id: 'org_a', attachment_id: 'att_1', expires: now.getTime() / 1000 + 900 });
    expect(link.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(DOWNLOAD_LINK_TTL_SECONDS).toBe(900);
    expect(signer.verify(link, now)).toBe('valid');
    expect(signer.verify(link, new Date(now.getTime() + 899_999))).toBe('valid');
    expect(signer.verify(link, new Date(now.getTime() + 900_000))).toBe('expired');
  });

  it('refuse a change to any signed part, and links of another server secret', () => {
    const link = signer.sign('org_a', 'att_1', now);
    expect(signer.verify({ ...link, org_id: 'org_b' }, now)).toBe('tampered');
    expect(signer.verify({ ...link, attachment_id: 'att_2' }, now)).toBe('tampered');
    expect(signer.verify({ ...link, expires: link.expires + 60 }, now)).toBe('tampered');
    expect(signer.verify({ ...link, signature: link.signature.toUpperCase() }, now)).toBe('tampered');
    expect(signer.verify({ ...link, signature: link.signature.slice(0, 63) }, now)).toBe('tampered');
    expect(signer.verify({ ...link, signature: '' }, now)).toBe('tampered');
    expect(downloadLinkSigner('another-secret').verify(link, now)).toBe('tampered');
  });

  it('cannot be confused by ids that run into each other', () => {
    const link = signer.sign('org_a', 'att_1', now);
    expect(signer.verify({ ...link, org_id: 'org_a\natt_1', attachment_id: '' }, now)).toBe('tampered');
  });
});
