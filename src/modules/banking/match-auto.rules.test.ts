import { describe, expect, it } from 'vitest';
import { unambiguousPairs } from './match-auto.rules';

describe('unambiguousPairs', () => {
  it('matches a line with one exact entry that no other line has, and nothing else', () => {
    const exact = new Map<string, string[]>([
      ['l1', ['PAYMENT:p1']], // alone both ways: matched
      ['l2', ['PAYMENT:p2', 'EXPENSE:e1']], // two candidates: left to a person
      ['l3', ['PAYMENT:p3']], ['l4', ['PAYMENT:p3']], // one entry fits two lines: neither
      ['l5', []], // none
      ['l6', ['EXPENSE:e1']], // e1 is also l2's candidate: not chosen for l6 either
    ]);
    expect(unambiguousPairs(exact)).toEqual([{ lineId: 'l1', entryKey: 'PAYMENT:p1' }]);
  });
});
