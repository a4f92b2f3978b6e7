import { describe, expect, it } from 'vitest';
import { assertBalanced, normaliseSides, withoutZeroLines, type PostingLine } from '../ledger/ledger.posting';
import { creditApplicationLines, creditReleaseLines, noteLines } from './notes.posting';

/** USD at 83.333333: 0.01 is 83 paise, 0.02 is 167, 0.03 is 250 (each converted once). */
const RATE = 83_333_333;
const accounts = { party: 'party', cgst: 'cgst', sgst: 'sgst', igst: 'igst', cess: 'cess' };
const cent = (name: string) => ({ accountId: name, itemTotal: 1, cgst: 0, sgst: 0, igst: 0, name });
/** What the ledger stores: zero lines dropped, negative amounts moved to the other side, and balanced. */
const posted = (lines: PostingLine[]) => {
  const out = withoutZeroLines(normaliseSides(lines));
  if (out.length > 0) assertBalanced(out);
  return out.map((l) => [l.accountId, l.debit, l.credit]);
};

describe('noteLines in a foreign currency', () => {
  it('a customer credit note of two lines of USD 0.01: Cr Receivable 1.67 (0.02 once), Dr 0.84 and 0.83', () => {
    expect(posted(noteLines({ contactId: 'c', exchangeRateMicro: RATE, lines: [cent('X'), cent('Y')] }, accounts, 'sales')))
      .toEqual([['X', 84, 0], ['Y', 83, 0], ['party', 0, 167]]);
  });

  it('a vendor note is the mirror: Dr Payable 1.67, Cr 0.84 and 0.83', () => {
    expect(posted(noteLines({ contactId: 'v', exchangeRateMicro: RATE, lines: [cent('X'), cent('Y')] }, accounts, 'purchase')))
      .toEqual([['X', 0, 84], ['Y', 0, 83], ['party', 167, 0]]);
  });
});

describe('creditApplicationLines', () => {
  const control = { control: 'ctl', exchange: 'fx' };
  it.each([
    ['0.01 of a 0.02 note on a 0.03 invoice: the invoice loses 83 (250 → 167), the note 84 (167 → 83), so the receivable takes a paisa back',
      { targetBalance: 3, noteBalance: 2 }, 'sales', [['ctl', 1, 0], ['fx', 0, 1]]],
    ['the same on a bill: the payable gives the paisa back (Cr 1)',
      { targetBalance: 3, noteBalance: 2 }, 'purchase', [['ctl', 0, 1], ['fx', 1, 0]]],
    ['the last 0.01 clearing both at 83: nothing to post',
      { targetBalance: 1, noteBalance: 1 }, 'sales', []],
  ] as const)('%s', (_name, balances, side, expected) => {
    expect(posted(creditApplicationLines({ contactId: 'c', amount: 1, exchangeRateMicro: RATE, ...balances }, control, side))).toEqual(expected);
  });
});

describe('creditReleaseLines', () => {
  const control = { control: 'ctl', exchange: 'fx' };
  it.each([
    ['released where it was applied (invoice 0.02 → 0.03, note 0.01 → 0.02): the mirror put back the paisa it took, nothing more',
      { targetBalance: 2, noteBalance: 1, restoredBase: -1 }, 'sales', []],
    ['released after a payment moved the invoice (invoice and note 0.01 → 0.02, both 84): the mirror took a paisa off, so one goes back on',
      { targetBalance: 1, noteBalance: 1, restoredBase: -1 }, 'sales', [['ctl', 1, 0], ['fx', 0, 1]]],
    ['the same on a bill: the payable takes it back as a credit',
      { targetBalance: 1, noteBalance: 1, restoredBase: -1 }, 'purchase', [['ctl', 0, 1], ['fx', 1, 0]]],
  ] as const)('%s', (_name, r, side, expected) => {
    expect(posted(creditReleaseLines({ contactId: 'c', amount: 1, exchangeRateMicro: RATE, ...r }, control, side))).toEqual(expected);
  });
});
