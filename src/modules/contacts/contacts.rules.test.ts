import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import {
  assertOpeningBalanceKept, checkGstin, checkState, defaultGstTreatment, defaultPlaceOfContact, mergeAddress, panOfGstin, planPersons, searchTextOf,
  stateOfGstin, type Address, type PersonPlan,
} from './contacts.rules';
import type { AddressInput, ContactPersonInput } from './contacts.schemas';

const GSTIN = '27AAPFU0939F1ZV';

/** Runs fn and returns the DomainError it throws (fails the test when it does not throw one). */
function errorOf(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const address = (fields: Partial<Address> = {}): Address => ({ address: null, city: null, state_code: null, zip: null, country: null, ...fields });

describe('checkGstin', () => {
  it.each([
    [undefined, undefined],
    [null, null],
    [GSTIN, GSTIN],
    [GSTIN.toLowerCase(), GSTIN],
    [` ${GSTIN} `, GSTIN],
    ['04AABFN9870CMZT', '04AABFN9870CMZT'],
  ])('%j → %j', (input, expected) => {
    expect(checkGstin(input)).toBe(expected);
  });

  it.each([
    ['wrong check character', `${GSTIN.slice(0, 14)}A`],
    ['too short', GSTIN.slice(0, 14)],
    ['too long', `${GSTIN}1`],
    ['empty', ''],
    ['letters where the PAN has digits', '27AAPFUABCDF1ZV'],
    ['entity number 0', '27AAPFU0939F0ZV'],
    ['unknown state code', `00${GSTIN.slice(2)}`],
  ])('refuses a GSTIN with %s as validation.invalid_value on gst_no', (_label, input) => {
    const error = errorOf(() => checkGstin(input));
    expect(error.code).toBe('validation.invalid_value');
    expect(error.field).toBe('gst_no');
    expect(error.status).toBeUndefined();
  });
});

describe('checkState', () => {
  it.each([
    ['29', 'IN-KA'],
    ['Karnataka', 'IN-KA'],
    ['KARNATAKA', 'IN-KA'],
    ['29-Karnataka', 'IN-KA'],
    ['29 - Karnataka', 'IN-KA'],
    ['IN-KA', 'IN-KA'],
    ['in-ka', 'IN-KA'],
    ['IN-UT', 'IN-UK'],
    ['Uttarakhand', 'IN-UK'],
    ['07', 'IN-DL'],
    ['Jammu and Kashmir', 'IN-JK'],
    ['Jammu & Kashmir', 'IN-JK'],
  ])('%j → %s', (input, expected) => {
    expect(checkState(input, 'place_of_contact')).toBe(expected);
  });

  it.each([undefined, null])('passes %j through', (input) => {
    expect(checkState(input, 'place_of_contact')).toBe(input);
  });

  it.each(['IN-IN', 'IN', '', 'Atlantis', '00', '99', '29-Goa', 'IN-XX', 'KA'])(
    'refuses %j with 422 validation.invalid_value on the field it is given',
    (input) => {
      const error = errorOf(() => checkState(input, 'billing_address.state_code'));
      expect(error.code).toBe('validation.invalid_value');
      expect(error.status).toBe(422);
      expect(error.field).toBe('billing_address.state_code');
    },
  );
});

describe('GSTIN derivations', () => {
  it('reads the PAN and the state out of a GSTIN', () => {
    expect(panOfGstin(GSTIN)).toBe('AAPFU0939F');
    expect(stateOfGstin(GSTIN)).toBe('IN-MH');
    expect(stateOfGstin('29AAPFU0939F1ZV')).toBe('IN-KA');
  });

  it('takes no PAN from an id that carries none: a UIN, an OIDAR provider\'s, a deductor\'s TAN', () => {
    expect(['0717UNO00157UNO', '9917SGP29001OST', '27AAFT56212B1DO'].map(panOfGstin)).toEqual([null, null, null]);
  });

  it.each([
    [GSTIN, 'REGISTERED'],
    [null, 'UNREGISTERED'],
    ['0717UNO00157UNO', 'UIN'],
    ['29DELH00005A1Z3', 'REGISTERED'],
    ['0717USA00001NRA', 'UNREGISTERED'],
    ['9917SGP29001OST', 'UNREGISTERED'],
  ])('defaultGstTreatment(%j) → %s', (gstin, expected) => {
    expect(defaultGstTreatment(gstin)).toBe(expected);
  });

  it.each([
    [GSTIN, 'IN-KA', null, 'IN-MH'],
    [null, 'IN-KA', null, 'IN-KA'],
    [null, 'IN-KA', 'REGISTERED', 'IN-KA'],
    // Prefix 97 (Other Territory) is a place of supply of its own.
    ['97AAPFU0939F1ZO', 'IN-TN', null, 'IN-97'],
    // An overseas contact without a GSTIN is in a foreign country.
    [null, 'IN-KA', 'OVERSEAS', 'IN-96'],
  ])('defaultPlaceOfContact(%j, %s, %j) → %s', (gstin, orgState, treatment, expected) => {
    expect(defaultPlaceOfContact(gstin, orgState, treatment)).toBe(expected);
  });
});

describe('mergeAddress', () => {
  const current = address({ address: '1 MG Road', city: 'Bengaluru', state_code: 'IN-KA', zip: '560001', country: 'India' });

  it.each<[string, Address | null, AddressInput | null | undefined, Address | null]>([
    ['nothing sent keeps the current address', current, undefined, current],
    ['nothing sent keeps no address', null, undefined, null],
    ['null clears the whole address', current, null, null],
    ['null on no address stays null', null, null, null],
    ['one field replaces that field only', current, { city: 'Mysuru' }, { ...current, city: 'Mysuru' }],
    ['null inside clears that field only', current, { zip: null }, { ...current, zip: null }],
    ['an empty object changes nothing', current, {}, current],
    ['several fields at once', current, { address: '2 Brigade Rd', country: null }, { ...current, address: '2 Brigade Rd', country: null }],
    ['a first address starts from empty fields', null, { city: 'Pune' }, address({ city: 'Pune' })],
    ['state_code is normalised', current, { state_code: '27' }, { ...current, state_code: 'IN-MH' }],
    ['state_code by name on a first address', null, { state_code: 'Tamil Nadu' }, address({ state_code: 'IN-TN' })],
    ['state_code can be cleared', current, { state_code: null }, { ...current, state_code: null }],
  ])('%s', (_label, before, patch, expected) => {
    expect(mergeAddress(before, patch, 'billing_address')).toEqual(expected);
  });

  it('does not modify the current address object', () => {
    const before = { ...current };
    mergeAddress(before, { city: 'Hubli' }, 'billing_address');
    expect(before).toEqual(current);
  });

  it.each([
    ['billing_address', { state_code: 'IN-IN' }],
    ['shipping_address', { state_code: 'Narnia' }],
  ])('refuses an unresolvable state with 422 on %s.state_code', (field, patch) => {
    const error = errorOf(() => mergeAddress(current, patch, field));
    expect(error).toMatchObject({ code: 'validation.invalid_value', status: 422, field: `${field}.state_code` });
  });
});

describe('planPersons', () => {
  type Existing = Omit<PersonPlan, 'contact_person_id'>;
  const anu: Existing = { first_name: 'Anu', last_name: 'Rao', email: 'anu@x.example', phone: '1', is_primary: true };
  const bala: Existing = { first_name: 'Bala', last_name: 'Das', email: 'bala@x.example', phone: '2', is_primary: false };
  const existing = new Map<string, Existing>([['cp_anu', anu], ['cp_bala', bala]]);
  const none = new Map<string, Existing>();
  const fresh = (fields: Partial<PersonPlan> = {}): PersonPlan => ({
    contact_person_id: null, first_name: null, last_name: null, email: null, phone: null, is_primary: false, ...fields,
  });
  const summary = (plans: PersonPlan[]) => plans.map((p) => [p.contact_person_id ?? p.first_name, p.is_primary]);

  it.each<[string, ReadonlyMap<string, Existing>, ContactPersonInput[], PersonPlan[]]>([
    ['an empty list removes everyone', existing, [], []],
    ['new persons have no id; the first becomes primary', none,
      [{ first_name: 'A' }, { first_name: 'B' }],
      [fresh({ first_name: 'A', is_primary: true }), fresh({ first_name: 'B' })]],
    ['an explicit primary is kept', none,
      [{ first_name: 'A' }, { first_name: 'B', is_primary: true }],
      [fresh({ first_name: 'A' }), fresh({ first_name: 'B', is_primary: true })]],
    ['an update keeps unsent fields and clears null ones', existing,
      [{ contact_person_id: 'cp_anu', first_name: 'Anuradha', phone: null }],
      [{ contact_person_id: 'cp_anu', ...anu, first_name: 'Anuradha', phone: null }]],
    ['an update plus an insert; the left-out person is dropped', existing,
      [{ contact_person_id: 'cp_bala' }, { first_name: 'Chitra', email: 'c@x.example' }],
      // Bala was not primary and Anu is gone: nobody is, so the first one becomes primary.
      [{ contact_person_id: 'cp_bala', ...bala, is_primary: true }, fresh({ first_name: 'Chitra', email: 'c@x.example' })]],
  ])('%s', (_label, before, input, expected) => {
    expect(planPersons(before, input)).toEqual(expected);
  });

  it.each<[string, ContactPersonInput[], (string | boolean | null)[][]]>([
    ['reordering keeps the primary where it was',
      [{ contact_person_id: 'cp_bala' }, { contact_person_id: 'cp_anu' }], [['cp_bala', false], ['cp_anu', true]]],
    ['a new explicit primary takes over from the old one',
      [{ contact_person_id: 'cp_anu' }, { first_name: 'Dev', is_primary: true }], [['cp_anu', false], ['Dev', true]]],
    ['an existing person can be made primary',
      [{ contact_person_id: 'cp_anu' }, { contact_person_id: 'cp_bala', is_primary: true }], [['cp_anu', false], ['cp_bala', true]]],
    ['an explicit false on the primary falls back to the first',
      [{ contact_person_id: 'cp_bala' }, { contact_person_id: 'cp_anu', is_primary: false }], [['cp_bala', true], ['cp_anu', false]]],
  ])('primary: %s', (_label, input, expected) => {
    expect(summary(planPersons(existing, input))).toEqual(expected);
  });

  it.each<[string, ReadonlyMap<string, Existing>, ContactPersonInput[], string]>([
    ['two explicit primaries', none, [{ first_name: 'A', is_primary: true }, { first_name: 'B', is_primary: true }], 'contact_persons'],
    ['two primaries among existing persons', existing,
      [{ contact_person_id: 'cp_anu', is_primary: true }, { contact_person_id: 'cp_bala', is_primary: true }], 'contact_persons'],
    ['an id this contact does not have', existing, [{ contact_person_id: 'cp_other' }], 'contact_persons[0].contact_person_id'],
    ['an id on a contact with no persons', none, [{ first_name: 'A' }, { contact_person_id: 'cp_anu' }], 'contact_persons[1].contact_person_id'],
    ['the same id twice', existing,
      [{ contact_person_id: 'cp_anu' }, { first_name: 'X' }, { contact_person_id: 'cp_anu' }], 'contact_persons[2].contact_person_id'],
  ])('refuses %s as validation.invalid_value on %s', (_label, before, input, field) => {
    const error = errorOf(() => planPersons(before, input));
    expect(error.code).toBe('validation.invalid_value');
    expect(error.field).toBe(field);
  });
});

describe('searchTextOf', () => {
  const base = { contact_name: 'Asha Traders', display_name: null, company_name: null, gst_no: null, email: null };

  it.each([
    ['the name, lower-cased', base, ['asha traders']],
    ['the GSTIN, lower-cased', { ...base, gst_no: GSTIN }, ['asha traders', GSTIN.toLowerCase()]],
    ['the email, lower-cased', { ...base, email: 'Ap@Asha.Example' }, ['asha traders', 'ap@asha.example']],
    ['display and company names', { ...base, display_name: 'ASHA', company_name: 'Asha Pvt' }, ['asha', 'asha pvt']],
    ['non-ASCII letters, lower-cased', { ...base, contact_name: 'ÉCOLE Überall' }, ['école überall']],
  ])('holds %s', (_label, contact, parts) => {
    const text = searchTextOf(contact);
    for (const part of parts) expect(text).toContain(part);
    expect(text).toBe(text.toLowerCase());
  });

  it('leaves out empty fields and keeps fields apart so a term cannot match across two of them', () => {
    const text = searchTextOf({ ...base, email: 'z@y.example' });
    expect(text).not.toContain('null');
    expect(text).not.toContain('traders z@');
    expect(text).not.toContain('traders  z@');
    expect(searchTextOf(base)).toBe('asha traders');
  });
});

describe('assertOpeningBalanceKept', () => {
  it('lets the figure the contact has through, or none, and refuses another one on opening_balance with its own figure', () => {
    expect(() => assertOpeningBalanceKept(undefined, 1080000)).not.toThrow();
    expect(() => assertOpeningBalanceKept(10800, 1080000)).not.toThrow();
    expect(() => assertOpeningBalanceKept(0, 0)).not.toThrow();
    expect(errorOf(() => assertOpeningBalanceKept(5, 1080000))).toMatchObject({ code: 'validation.invalid_value', field: 'opening_balance', details: { opening_balance: 10800 } });
  });
});
