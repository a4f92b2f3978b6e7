import { describe, expect, it } from 'vitest';
import { april } from '../../../test/support/bank-april';
import { entriesAt, entryKey } from './reconciliation-books.rules';
import { booksOpening, groupsSettledBy, openingBasis } from './reconciliation-ties.rules';

describe('what ties the books to the bank', () => {
  it('settles a match once its lines are all dated by then, and its entries stand by then when asked', () => {
    const ties = april();
    ties.groups.push({ lineIds: ['L3', 'L4'], entryKeys: [entryKey('PAYMENT', 'later')] });
    expect(groupsSettledBy(ties, '2026-04-15').map((g) => g.lineIds)).toEqual([['L1'], ['L2']]);
    expect(groupsSettledBy(ties, '2026-04-30').map((g) => g.lineIds)).toEqual([['L1'], ['L2'], ['L3', 'L4']]);
    expect(groupsSettledBy(ties, '2026-04-30', entriesAt(ties.bookLines, '2026-04-30')).map((g) => g.lineIds)).toEqual([['L1'], ['L2']]);
  });

  it('takes the entries before the first line that no line is matched to as the books\' opening', () => {
    const ties = april();
    const standing = entriesAt(ties.bookLines, '2026-04-30');
    // The opening 50,000; the cheque of 30 March is matched to a line of 2 April.
    expect(booksOpening(ties, standing)).toEqual({ opening: 50_000_00, keys: new Set([entryKey('MANUAL', 'ob')]) });
    expect(openingBasis(ties, standing)).toEqual({ bank: 50_000_00, books: 50_000_00, basis: 50_000_00 });
    expect(booksOpening({ ...ties, lines: [], groups: [] }, standing).opening).toBe(51_000_00);
  });
});
