import { describe, expect, it } from 'vitest';
import { sideOf, withRunningBalance } from './running-balance.rules';

describe('running balance', () => {
  it('continues from the balance before the first line, debits up and credits down', () => {
    const lines = [{ debit: 1000, credit: 0 }, { debit: 0, credit: 2500 }, { debit: 300, credit: 0 }];
    expect(withRunningBalance(lines, 200).map((l) => l.net)).toEqual([1200, -1300, -1000]);
  });

  it('names the side of a net balance, zero on the debit side', () => {
    expect([sideOf(5), sideOf(0), sideOf(-5)]).toEqual(['DEBIT', 'DEBIT', 'CREDIT']);
  });
});
