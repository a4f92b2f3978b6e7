import { describe, expect, it } from 'vitest';
import { placePart } from './gstr2b-parts.rules';

const FILE = { generatedOn: '2026-06-14', fileCount: 3 };

describe('placePart', () => {
  it('starts a new upload when the month has none, at the part asked or the first', () => {
    expect(placePart(null, FILE, undefined)).toEqual({ join: false, part: 1, parts: [1] });
    expect(placePart(null, FILE, 2)).toEqual({ join: false, part: 2, parts: [2] });
  });
  it('joins the waiting upload of the same generation at the next missing part, or the one asked', () => {
    const waiting = { ...FILE, receivedParts: [1, 3] };
    expect(placePart(waiting, FILE, undefined)).toEqual({ join: true, part: 2, parts: [1, 2, 3] });
    expect(() => placePart(waiting, FILE, 3)).toThrow(/already received/);
  });
  it('starts anew for another generation, or once every part is in', () => {
    expect(placePart({ ...FILE, receivedParts: [1] }, { ...FILE, generatedOn: '2026-06-15' }, undefined).join).toBe(false);
    expect(placePart({ ...FILE, receivedParts: [1, 2, 3] }, FILE, undefined).join).toBe(false);
  });
  it('refuses a part beyond the file count, and a file count the waiting parts do not share', () => {
    expect(() => placePart(null, FILE, 4)).toThrow(/between 1 and 3/);
    expect(() => placePart({ ...FILE, receivedParts: [1] }, { ...FILE, fileCount: 2 }, undefined)).toThrow(/data\.fc/);
  });
});
