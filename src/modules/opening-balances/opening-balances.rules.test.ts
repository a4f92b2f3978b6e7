import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { openingLines } from './opening-balances.posting';
import { assertAccountsBalance, assertPartyAccountsMatch, contactOpeningBalance, givenBalances, itemFigures, openingEntryDate } from './opening-balances.rules';

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('the opening entry', () => {
  it('is dated the day before the books start, across a month and a year', () => {
    expect(openingEntryDate('2026-07-01')).toBe('2026-06-30');
    expect(openingEntryDate('2026-01-01')).toBe('2025-12-31');
    expect(openingEntryDate('2024-03-01')).toBe('2024-02-29');
  });

  it('splits a party account party by party and keeps the other accounts as given', () => {
    const balances = givenBalances([{ account_id: 'bank', debit: 500 }, { account_id: 'ar', debit: 300 }, { account_id: 'equity', credit: 800 }]);
    // Asha: two invoices of 100 and 150 less an advance of 50 on another account; Bala: 50.
    const lines = openingLines(balances, new Set(['ar', 'adv']), [
      { accountId: 'ar', contactId: 'asha', net: 10000 }, { accountId: 'ar', contactId: 'asha', net: 15000 },
      { accountId: 'ar', contactId: 'bala', net: 5000 }, { accountId: 'adv', contactId: 'asha', net: -5000 },
    ]);
    expect(lines.map((l) => [l.accountId, l.contactId ?? null, l.debit, l.credit])).toEqual([
      ['bank', null, 50000, 0], ['equity', null, 0, 80000], ['ar', 'asha', 25000, 0], ['ar', 'bala', 5000, 0], ['adv', 'asha', 0, 5000],
    ]);
  });
});

describe('accounts', () => {
  it('refuses an account twice, or on both sides', () => {
    expect(refusal(() => givenBalances([{ account_id: 'a', debit: 1 }, { account_id: 'a', credit: 1 }])).field).toBe('accounts[1].account_id');
    expect(refusal(() => givenBalances([{ account_id: 'a', debit: 1, credit: 2 }])).field).toBe('accounts[0].credit');
  });

  it('must balance: 400 on accounts with the difference in rupees', () => {
    expect(() => assertAccountsBalance(givenBalances([{ account_id: 'a', debit: 100.5 }, { account_id: 'b', credit: 100.5 }]))).not.toThrow();
    const error = refusal(() => assertAccountsBalance(givenBalances([{ account_id: 'a', debit: 100 }, { account_id: 'b', credit: 99.99 }])));
    expect(error).toMatchObject({ code: 'validation.invalid_value', field: 'accounts', details: { debits: 100, credits: 99.99, difference: 0.01 } });
  });
});

describe('an open item', () => {
  it('adds up its taxes as stated, and shows what was settled', () => {
    // 10,000 at 18% (CGST 900 + SGST 900) and 1,000 at 5% (IGST 50): 11,000 + 1,850 = 12,850; 2,850 settled.
    const f = itemFigures({ taxes: [{ rate: 18, taxable_value: 10000, cgst: 900, sgst: 900 }, { rate: 5, taxable_value: 1000, igst: 50 }], open_amount: 10000 }, 'open_items[0]');
    expect(f).toMatchObject({ subTotal: 1100000, taxTotal: 185000, cgst: 90000, sgst: 90000, igst: 5000, total: 1285000, open: 1000000, settled: 285000 });
    expect(f.shares.map((s) => s.rateCenti)).toEqual([1800, 500]);
  });

  it('takes the total given, or its open amount when it has no taxes', () => {
    expect(itemFigures({ taxes: [{ rate: 18, taxable_value: 99.5, cgst: 8.96, sgst: 8.96 }], total: 117, open_amount: 117 }, 'x').total).toBe(11700);
    expect(itemFigures({ open_amount: 2500 }, 'x')).toMatchObject({ total: 250000, settled: 0, shares: [] });
  });

  it('cannot be open for more than its total', () => {
    expect(refusal(() => itemFigures({ total: 100, open_amount: 100.01 }, 'open_items[2]'))).toMatchObject({ field: 'open_items[2].open_amount', details: { total: 100 } });
  });
});

describe('party accounts', () => {
  it('must equal their items: 400 on the list, naming the account, what was given, the items and the difference', () => {
    const check = { field: 'open_items' as const, accountId: 'ar', accountName: 'Accounts Receivable', given: 1400000, items: 1470000 };
    expect(() => assertPartyAccountsMatch([{ ...check, given: 1470000 }])).not.toThrow();
    expect(refusal(() => assertPartyAccountsMatch([check]))).toMatchObject({
      field: 'open_items', details: { account_id: 'ar', account_name: 'Accounts Receivable', given: 14000, items: 14700, difference: -700 },
    });
  });
});

describe("a contact's opening balance", () => {
  const p = { invoices: 11800, customerAdvances: 1000, bills: 23600, vendorAdvances: 500 };
  it('is what a customer owes, what is owed to a vendor, and the net for a contact of both kinds', () => {
    expect(contactOpeningBalance('CUSTOMER', p)).toBe(10800);
    expect(contactOpeningBalance('VENDOR', p)).toBe(23100);
    expect(contactOpeningBalance('BOTH', p)).toBe(-12300);
  });
});
