import { describe, expect, it } from 'vitest';
import { ledgerNames } from './tally-out-names.rules';

describe('ledger names', () => {
  it("keeps names unique without regard to case, and off Tally's group names: a taken name gets the code, then the id", () => {
    const names = ledgerNames([
      { id: 'a1', name: 'Sales', code: '4100' }, { id: 'a2', name: 'sales', code: '4101' }, { id: 'a3', name: 'Sales', code: '4101' },
      { id: 'a4', name: 'Fixed Assets', code: '1500' }, { id: 'a5', name: '  Rent   Office ', code: null }, { id: 'c1', name: 'Rent Office', code: null },
      { id: 'a6', name: ' ', code: '6100' }, { id: 'c2', name: 'Primary', code: null },
    ]);
    expect([...names.values()]).toEqual([
      'Sales', 'sales (4101)', 'Sales (a3)', 'Fixed Assets (1500)', 'Rent Office', 'Rent Office (c1)', '6100', 'Primary (c2)',
    ]);
  });
});
