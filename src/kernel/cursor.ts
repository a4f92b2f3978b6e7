import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Opaque, tamper-evident keyset cursors: base64url(JSON) + "." + HMAC tag.
 * A cursor names the list it belongs to, so one list's cursor is refused by another.
 */
export type CursorPosition = readonly (string | number)[];

export interface CursorCodec {
  encode(list: string, position: CursorPosition): string;
  /** Returns null for anything that was not minted by encode() for this list. */
  decode(list: string, cursor: string): CursorPosition | null;
}

export function cursorCodec(secret: string): CursorCodec {
  const tag = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22);
  return {
    encode(list, position) {
      const payload = Buffer.from(JSON.stringify({ l: list, p: position })).toString('base64url');
      return `${payload}.${tag(payload)}`;
    },
    decode(list, cursor) {
      const [payload, given, extra] = cursor.split('.');
      if (!payload || !given || extra !== undefined) return null;
      const expected = Buffer.from(tag(payload));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      try {
        const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (typeof parsed !== 'object' || parsed === null) return null;
        const { l, p } = parsed as { l?: unknown; p?: unknown };
        if (l !== list || !Array.isArray(p)) return null;
        return p.every((v) => typeof v === 'string' || typeof v === 'number') ? (p as CursorPosition) : null;
      } catch {
        return null;
      }
    },
  };
}
