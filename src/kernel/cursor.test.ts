import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cursorCodec, type CursorPosition } from './cursor';

const SECRET = 'test-secret-0123456789';
const codec = cursorCodec(SECRET);

/** Signs an arbitrary payload the way the codec does, to reach decode's shape checks past the tag. */
function signed(json: string, secret = SECRET): string {
  const payload = Buffer.from(json).toString('base64url');
  return `${payload}.${createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 22)}`;
}

/** Replaces the character at i with another character of the base64url alphabet. */
const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;

describe('cursorCodec', () => {
  it.each<[string, CursorPosition]>([
    ['one id', ['con_01J0000000000000000000000']],
    ['a date and an id', ['2025-04-01', 'inv_01J0000000000000000000000']],
    ['numbers', [42, -7, 3.5]],
    ['mixed', ['INV-2025-26-001', 118000, '']],
    ['nothing', []],
    ['unicode and dots', ['नमस्ते', 'a.b.c', '{"l":"x"}']],
  ])('round-trips %s', (_label, position) => {
    const cursor = codec.encode('contacts', position);
    expect(codec.decode('contacts', cursor)).toEqual(position);
  });

  it('round-trips any position of strings and safe integers (property)', () => {
    fc.assert(fc.property(
      fc.string({ minLength: 1, maxLength: 20 }),
      fc.array(fc.oneof(fc.string(), fc.maxSafeInteger(), fc.integer())),
      (list, position) => {
        expect(codec.decode(list, codec.encode(list, position))).toEqual(position);
      },
    ));
  });

  it('is opaque: URL-safe, with no readable position', () => {
    const cursor = codec.encode('contacts', ['con_SECRETLOOKING']);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(cursor).not.toContain('con_');
  });

  it('refuses a tampered payload', () => {
    const cursor = codec.encode('contacts', ['con_1']);
    const [payload, tag] = cursor.split('.') as [string, string];
    for (let i = 0; i < payload.length; i++) {
      expect(codec.decode('contacts', `${flip(payload, i)}.${tag}`)).toBeNull();
    }
    // A payload re-encoded to name another position keeps the old tag: refused.
    const forged = Buffer.from(JSON.stringify({ l: 'contacts', p: ['con_0'] })).toString('base64url');
    expect(codec.decode('contacts', `${forged}.${tag}`)).toBeNull();
  });

  it('refuses a tampered, shortened, lengthened or missing tag', () => {
    const cursor = codec.encode('contacts', ['con_1']);
    const [payload, tag] = cursor.split('.') as [string, string];
    for (let i = 0; i < tag.length; i++) expect(codec.decode('contacts', `${payload}.${flip(tag, i)}`)).toBeNull();
    expect(codec.decode('contacts', `${payload}.${tag.slice(0, -1)}`)).toBeNull();
    expect(codec.decode('contacts', `${payload}.${tag}A`)).toBeNull();
    expect(codec.decode('contacts', `${payload}.`)).toBeNull();
    expect(codec.decode('contacts', payload)).toBeNull();
    expect(codec.decode('contacts', `${payload}.${tag}.${tag}`)).toBeNull();
  });

  it('refuses a cursor minted with another secret', () => {
    const other = cursorCodec('another-secret');
    expect(codec.decode('contacts', other.encode('contacts', ['con_1']))).toBeNull();
  });

  it('refuses the cursor of another list', () => {
    const cursor = codec.encode('contacts', ['con_1']);
    expect(codec.decode('invoices', cursor)).toBeNull();
    expect(codec.decode('contacts ', cursor)).toBeNull();
    expect(codec.decode('Contacts', cursor)).toBeNull();
  });

  it.each([
    '', '.', '..', 'abc', 'abc.def', 'a.b.c', 'null', '%%%.%%%', ' ', 'eyJsIjoiY29udGFjdHMiLCJwIjpbXX0',
    'eyJsIjoiY29udGFjdHMiLCJwIjpbXX0.AAAAAAAAAAAAAAAAAAAAAA', '\u0000.\u0000', '😀.😀',
  ])('returns null for the garbage string %j', (garbage) => {
    expect(codec.decode('contacts', garbage)).toBeNull();
  });

  it('never throws and returns null for arbitrary strings (property)', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (garbage) => {
      expect(codec.decode('contacts', garbage)).toBeNull();
    }));
  });

  it('returns null for any unsigned payload.tag pair (property)', () => {
    const b64url = fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'), maxLength: 60 });
    fc.assert(fc.property(b64url, b64url, (payload, tag) => {
      expect(codec.decode('contacts', `${payload}.${tag}`)).toBeNull();
    }));
  });

  it.each([
    ['not JSON', 'not json at all'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '["contacts",[]]'],
    ['no position', '{"l":"contacts"}'],
    ['a position that is not an array', '{"l":"contacts","p":"con_1"}'],
    ['a position holding an object', '{"l":"contacts","p":[{"id":1}]}'],
    ['a position holding null', '{"l":"contacts","p":[null]}'],
    ['a position holding a boolean', '{"l":"contacts","p":[true]}'],
    ['a list that is not a string', '{"l":["contacts"],"p":[]}'],
  ])('returns null for a correctly signed payload of the wrong shape: %s', (_label, json) => {
    expect(codec.decode('contacts', signed(json))).toBeNull();
  });

  it('accepts a correctly signed payload of the right shape (the signing above matches the codec)', () => {
    expect(codec.decode('contacts', signed('{"l":"contacts","p":["con_1",2]}'))).toEqual(['con_1', 2]);
  });

  it('answers an issued cursor, remembered, exactly as a codec that checks its tag does (property)', () => {
    const remembering = cursorCodec(SECRET);
    fc.assert(fc.property(
      fc.constantFrom('contacts', 'invoices'),
      fc.constantFrom('contacts', 'invoices'),
      fc.array(fc.oneof(fc.string(), fc.integer(), fc.double())),
      (list, askedFor, position) => {
        const cursor = remembering.encode(list, position);
        expect(remembering.encode(list, position)).toBe(cursor);
        expect(remembering.decode(askedFor, cursor)).toEqual(cursorCodec(SECRET).decode(askedFor, cursor));
      },
    ));
  });
});
