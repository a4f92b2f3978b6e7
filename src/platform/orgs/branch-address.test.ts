import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { branchAddressColumns, presentBranchAddress } from './branch-address';

describe('branchAddressColumns', () => {
  it('takes a string as the address lines alone', () => {
    expect(branchAddressColumns('1, MG Road\nBengaluru', 'IN-KA')).toEqual({ address: '1, MG Road\nBengaluru', city: null, zip: null, country: null });
  });

  it('takes the fields of an address, its state in any spelling of the branch\'s', () => {
    expect(branchAddressColumns({ address: '1, MG Road', city: 'Bengaluru', state_code: '29', zip: '560001', country: 'India' }, 'IN-KA'))
      .toEqual({ address: '1, MG Road', city: 'Bengaluru', zip: '560001', country: 'India' });
  });

  it('refuses a state other than the branch\'s, on address.state_code', () => {
    let error: unknown;
    try { branchAddressColumns({ state_code: 'IN-MH' }, 'IN-KA'); } catch (e) { error = e; }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).field).toBe('address.state_code');
  });

  it('stores nothing for no address', () => {
    expect(branchAddressColumns(null, 'IN-KA')).toEqual({ address: null, city: null, zip: null, country: null });
  });
});

describe('presentBranchAddress', () => {
  it('shows the branch\'s state with the stored fields, and null for no address', () => {
    expect(presentBranchAddress({ address: null, city: 'Mysuru', zip: null, country: null, state_code: 'IN-KA' }))
      .toEqual({ address: null, city: 'Mysuru', state_code: 'IN-KA', zip: null, country: null });
    expect(presentBranchAddress({ address: null, city: null, zip: null, country: null, state_code: 'IN-KA' })).toBeNull();
  });
});
