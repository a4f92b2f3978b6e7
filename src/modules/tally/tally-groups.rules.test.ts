import { describe, expect, it } from 'vitest';
import { ACCOUNT_TYPES } from '../../platform/orgs/chart-of-accounts';
import { TALLY_GROUP_TYPES, tallyGroupOf } from './tally-groups.rules';

describe("Tally's groups", () => {
  it('names all 28 predefined groups', () => {
    expect(Object.keys(TALLY_GROUP_TYPES)).toHaveLength(28);
  });

  it('gives every Bahi account type a group that maps back to a type of the same side', () => {
    for (const type of ACCOUNT_TYPES) expect(TALLY_GROUP_TYPES[tallyGroupOf(type)], type).toBeDefined();
  });

  it('writes a type back to the group it is read from, where one group gives it', () => {
    expect(tallyGroupOf('BANK')).toBe('Bank Accounts');
    expect(tallyGroupOf('CASH')).toBe('Cash-in-Hand');
    expect(tallyGroupOf('SUSPENSE')).toBe('Suspense A/c');
    expect(tallyGroupOf('ACCOUNTS_RECEIVABLE')).toBe('Sundry Debtors');
    expect(tallyGroupOf('GST_ASSET')).toBe('Duties & Taxes');
    expect(tallyGroupOf('OTHER_CURRENT_ASSET')).toBe('Current Assets');
  });
});
