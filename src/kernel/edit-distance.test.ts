import { describe, expect, it } from 'vitest';
import { editDistance, nearest } from './edit-distance';

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['', 'abc', 3],
    ['abc', '', 3],
    ['IN-KR', 'IN-KA', 1],
    ['karnatak', 'karnataka', 1],
    ['kitten', 'sitting', 3],
    ['orissa', 'odisha', 2],
  ])('%j → %j is %i', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('nearest', () => {
  const words = ['color', 'colour', 'currency'];
  it('returns the closest candidate', () => {
    expect(nearest('curency', words, (w) => w, 2)).toEqual(['currency']);
  });

  it('returns every candidate at the smallest distance, in their order', () => {
    expect(nearest('colr', words, (w) => w, 2)).toEqual(['color']);
    expect(nearest('colo', ['cola', 'cold', 'colour'], (w) => w, 2)).toEqual(['cola', 'cold']);
  });

  it('prefers, among equally near candidates, those sharing a longer start with the input', () => {
    expect(nearest('in-kr', ['in-br', 'in-ka', 'in-tr', 'in-kl'], (w) => w, 1)).toEqual(['in-ka', 'in-kl']);
  });

  it('never returns a candidate beyond the limit', () => {
    expect(nearest('ab', ['abcd'], (w) => w, 1)).toEqual([]);
  });

  it('returns nothing when the nearest is farther than the limit', () => {
    expect(nearest('zebra', words, (w) => w, 2)).toEqual([]);
  });
});
