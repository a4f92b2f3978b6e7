import { describe, expect, it } from 'vitest';
import { partyText } from './match-score.rules';
import { candidatesFor, suggestionsFor, type EntryFacts, type LineFacts } from './suggestion.rules';

const line = (id: string, date: string, amount: number): LineFacts => ({ id, date, valueDate: null, narration: 'NEFT', reference: null, amount });
const entry = (sourceId: string, date: string, amount: number): EntryFacts => ({ source: 'PAYMENT', sourceId, date, amount, reference: null, party: partyText([], null) });

describe('suggestionsFor', () => {
  it('gives each line the entries of exactly its amount within its window, best first', () => {
    const entries = [entry('far', '2026-06-01', 500_00), entry('near', '2026-06-09', 500_00), entry('same', '2026-06-10', 500_00), entry('other', '2026-06-10', 499_99)];
    const got = suggestionsFor([line('l1', '2026-06-10', 500_00), line('l2', '2026-06-10', -500_00)], entries, 7);
    // 'far' is 9 days away; 'other' is a paisa short; nothing is −500.
    expect(got.get('l1')!.map((e) => [e.sourceId, e.fit.score])).toEqual([['same', 60], ['near', 58]]);
    expect(got.get('l2')).toEqual([]);
  });
});

describe('candidatesFor', () => {
  it('lists every entry in the window whatever its amount, the exact one first', () => {
    const entries = [entry('part', '2026-06-10', 200_00), entry('exact', '2026-06-12', 500_00), entry('out', '2026-06-20', 500_00)];
    // exact: 50 + two days 5 = 55; part: the same day 10; out: 10 days away.
    expect(candidatesFor(line('l1', '2026-06-10', 500_00), entries, 7).map((e) => [e.sourceId, e.fit.score])).toEqual([['exact', 55], ['part', 10]]);
  });
});
