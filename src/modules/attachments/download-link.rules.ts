import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed download links for files the service serves itself (the local store). A link
 * names one organisation's attachment and an expiry, and carries an HMAC-SHA256 over the
 * three, so changing any of them (another attachment, another organisation, a later
 * expiry) breaks the signature. The key is derived from the server secret for this one use.
 */
export const DOWNLOAD_LINK_TTL_SECONDS = 15 * 60;

export interface DownloadLink {
  org_id: string;
  attachment_id: string;
  /** Unix seconds. */
  expires: number;
  signature: string;
}

export type LinkVerdict = 'valid' | 'expired' | 'tampered';

export function downloadLinkSigner(serverSecret: string) {
  const key = createHmac('sha256', serverSecret).update('bahi/attachment-download/v1').digest();
  const sign = (orgId: string, attachmentId: string, expires: number) =>
    createHmac('sha256', key).update(`${orgId}\n${attachmentId}\n${expires}`).digest('hex');

  return {
    /** A link valid for DOWNLOAD_LINK_TTL_SECONDS from `now`. */
    sign(orgId: string, attachmentId: string, now: Date): DownloadLink {
      const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
      return { org_id: orgId, attachment_id: attachmentId, expires, signature: sign(orgId, attachmentId, expires) };
    },

    /** The signature is checked first, in constant time, so a tampered expiry reads as tampered, not expired. */
    verify(link: DownloadLink, now: Date): LinkVerdict {
      const expected = Buffer.from(sign(link.org_id, link.attachment_id, link.expires), 'hex');
      const given = /^[0-9a-f]{64}$/.test(link.signature) ? Buffer.from(link.signature, 'hex') : Buffer.alloc(0);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'tampered';
      return now.getTime() / 1000 < link.expires ? 'valid' : 'expired';
    },
  };
}

export type DownloadLinkSigner = ReturnType<typeof downloadLinkSigner>;
