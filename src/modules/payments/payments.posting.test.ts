import { describe, expect, it } from 'vitest';
import { assertBalanced, normaliseSides, withoutZeroLines } from '../ledger/ledger.posting';
import { allocationLines, paymentLines, releaseDifferenceLines } from './payments.posting';

const ONE = 1_000_000;
const accounts = { bank: 'bank', advances: 'adv', bankCharges: 'charges', tds: 'tds' };
const allocationAccounts = { advances: 'adv', control: 'ctl', roundOff: 'round', exchange: 'fx' };
/** What the ledger stores: zero lines dropped, negative amounts moved to the other side. */
const posted = (lines: ReturnType<typeof paymentLines>) => {
  const out = withoutZeroLines(normaliseSides(lines));
  assertBalanced(out);
  return out.map((l) => [l.accountId, l.debit, l.credit]);
};

describe('the spec ledger-effect table, worked by hand (amounts in paise)', () => {
  it.each([
    ['receipt recorded, unallocated: Dr Bank, Cr Advances from Customers',
      paymentLines({ flow: 'INCOMING', contactId: 'c', amount: 100_000, bankCharges: 0, tds: 0, exchangeRateMicro: ONE }, accounts),
      [['bank', 100_000, 0], ['adv', 0, 100_000]]],
    ['tds_amount on INCOMING: Dr TDS Receivable for the withheld part; bank_charges: Dr Bank Charges',
      // 10,000.00 less TDS 1,000.00 less charges 25.00 = 8,975.00 reaches the bank.
      paymentLines({ flow: 'INCOMING', contactId: 'c', amount: 1_000_000, bankCharges: 2_500, tds: 100_000, exchangeRateMicro: ONE }, accounts),
      [['bank', 897_500, 0], ['charges', 2_500, 0], ['tds', 100_000, 0], ['adv', 0, 1_000_000]]],
    ['OUTGOING: Dr Advances to Vendors, Cr Bank; TDS we withhold is Cr TDS Payable; charges are ours on top',
      // Paying 5,000.00 with 500.00 TDS withheld and 10.00 charges: 4,510.00 leaves the bank.
      paymentLines({ flow: 'OUTGOING', contactId: 'v', amount: 500_000, bankCharges: 1_000, tds: 50_000, exchangeRateMicro: ONE }, accounts),
      [['adv', 500_000, 0], ['charges', 1_000, 0], ['bank', 0, 451_000], ['tds', 0, 50_000]]],
    ['a USD receipt at 83.005: every leg in INR',
      // $100.00 × 83.005 = ₹8,300.50.
      paymentLines({ flow: 'INCOMING', contactId: 'c', amount: 10_000, bankCharges: 0, tds: 0, exchangeRateMicro: 83_005_000 }, accounts),
      [['bank', 830_050, 0], ['adv', 0, 830_050]]],
  ] as const)('%s', (_name, lines, expected) => {
    expect(posted(lines)).toEqual(expected);
  });

  it.each([
    ['applied to an invoice: Dr Advances from Customers, Cr Accounts Receivable',
      { flow: 'INCOMING', consumed: 60_000, documentAmount: 60_000, documentBalance: 100_000, paymentRateMicro: ONE, documentRateMicro: ONE },
      [['adv', 60_000, 0], ['ctl', 0, 60_000]]],
    ['round-off cap on the payment: 1,000.00 clears 1,000.50, the 0.50 is written off to Round Off',
      { flow: 'INCOMING', consumed: 100_000, documentAmount: 100_050, documentBalance: 100_050, paymentRateMicro: ONE, documentRateMicro: ONE },
      [['adv', 100_000, 0], ['round', 50, 0], ['ctl', 0, 100_050]]],
    ['round-off cap on the invoice: 1,000.50 paid against 1,000.00, the 0.50 is income in Round Off',
      { flow: 'INCOMING', consumed: 100_050, documentAmount: 100_000, documentBalance: 100_000, paymentRateMicro: ONE, documentRateMicro: ONE },
      [['adv', 100_050, 0], ['round', 0, 50], ['ctl', 0, 100_000]]],
    ['payment rate above the invoice rate: an exchange gain',
      // $100 invoiced at 82.00 (₹8,200.00 on receivables) and received at 83.00 (₹8,300.00 of advance): ₹100.00 gain.
      { flow: 'INCOMING', consumed: 10_000, documentAmount: 10_000, documentBalance: 10_000, paymentRateMicro: 83_000_000, documentRateMicro: 82_000_000 },
      [['adv', 830_000, 0], ['fx', 0, 10_000], ['ctl', 0, 820_000]]],
    ['OUTGOING is the mirror: Dr Accounts Payable, Cr Advances to Vendors',
      { flow: 'OUTGOING', consumed: 40_000, documentAmount: 40_000, documentBalance: 40_000, paymentRateMicro: ONE, documentRateMicro: ONE },
      [['adv', 0, 40_000], ['ctl', 40_000, 0]]],
    ['USD 0.03 at 83.333333 (250 paise owed) paid 0.01 at that rate: the receivable goes from 250 to 167 (0.02 converted), 83 off',
      { flow: 'INCOMING', consumed: 1, documentAmount: 1, documentBalance: 3, paymentRateMicro: 83_333_333, documentRateMicro: 83_333_333 },
      [['adv', 83, 0], ['ctl', 0, 83]]],
    ['the second 0.01 takes 167 down to 83: 84 off the receivable, the advance gave 83, a paisa of exchange loss',
      { flow: 'INCOMING', consumed: 1, documentAmount: 1, documentBalance: 2, paymentRateMicro: 83_333_333, documentRateMicro: 83_333_333 },
      [['adv', 83, 0], ['fx', 1, 0], ['ctl', 0, 84]]],
    ['the last 0.01 clears what is still open, 83: 83 + 84 + 83 = 250, the receivable nets to 0',
      { flow: 'INCOMING', consumed: 1, documentAmount: 1, documentBalance: 1, paymentRateMicro: 83_333_333, documentRateMicro: 83_333_333 },
      [['adv', 83, 0], ['ctl', 0, 83]]],
  ] as const)('%s', (_name, allocation, expected) => {
    expect(posted(allocationLines({ contactId: 'c', ...allocation }, allocationAccounts))).toEqual(expected);
  });

  it.each([
    ['unapplying the latest part puts back exactly what it took: nothing more',
      // USD 0.03 at 83.333333 paid 0.01 (250 → 167, 83 off); unapplied at balance 0.02: 167 → 250 is 83.
      { flow: 'INCOMING', documentAmount: 1, documentBalance: 2, restoredBase: 83 }, []],
    ['unapplying an earlier part after another moved the balance: the paisa the balance converts apart goes back on the receivable',
      // The first 0.01 took 83 (250 → 167), the second 84 (167 → 83). Unapplying the first at
      // balance 0.01 mirrors 83, but 83 → 167 (0.02 converted) is 84: Dr Receivable 1, Cr Exchange 1.
      { flow: 'INCOMING', documentAmount: 1, documentBalance: 1, restoredBase: 83 }, [['ctl', 1, 0], ['fx', 0, 1]]],
    ['OUTGOING is the mirror on the payable',
      { flow: 'OUTGOING', documentAmount: 1, documentBalance: 1, restoredBase: 83 }, [['ctl', 0, 1], ['fx', 1, 0]]],
  ] as const)('%s', (_name, release, expected) => {
    const lines = withoutZeroLines(normaliseSides(releaseDifferenceLines({ contactId: 'c', documentRateMicro: 83_333_333, ...release }, { control: 'ctl', exchange: 'fx' })));
    if (lines.length > 0) assertBalanced(lines);
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual(expected);
  });
});
