import { createHmac, timingSafeEqual } from 'node:crypto';
import { BoundedCache } from './bounded-cache';

/** How many issued cursors a codec remembers, each way (about 100 bytes each). */
const REMEMBERED_CURSORS = 10_000;

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
  // Cursors issued lately, both ways: a client pages on with the cursor it was just given, and
  // a page asked for again ends at the same position. Each saves an HMAC, most of a cursor's
  // cost. Only what encode made is kept, so a cursor found here is genuine; what decode answers
  // for it is what it would answer after checking the tag.
  const cursorsByJson = new BoundedCache<string, string>(REMEMBERED_CURSORS);
  const issued = new BoundedCache<string, string>(REMEMBERED_CURSORS);
  return {
    encode(list, position) {
      const json = JSON.stringify({ l: list, p: position });
      let cursor = cursorsByJson.get(json);
      if (cursor === undefined) {
        const payload = Buffer.from(json).toString('base64url');
        cursor = `${payload}.${tag(payload)}`;
        cursorsByJson.set(json, cursor);
        issued.set(cursor, json);
      }
      return cursor;
    },
    decode(list, cursor) {
      const json = issued.get(cursor);
      if (json !== undefined) return positionIn(json, list);
      const [payload, given, extra] = cursor.split('.');
      if (!payload || !given || extra !== undefined) return null;
      const expected = Buffer.from(tag(payload));
      const actual = Buffer.from(given);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      return positionIn(Buffer.from(payload, 'base64url').toString('utf8'), list);
    },
  };
}

/** The position in a cursor's JSON when it belongs to `list`; else null. */
function positionIn(json: string, list: string): CursorPosition | null {
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { l, p } = parsed as { l?: unknown; p?: unknown };
    if (l !== list || !Array.isArray(p)) return null;
    return p.every((v) => typeof v === 'string' || typeof v === 'number') ? (p as CursorPosition) : null;
  } catch {
    return null;
  }
}
