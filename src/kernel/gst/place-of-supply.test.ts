import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isIntraState, resolvePlaceOfSupply, stateCodeOfIso } from './place-of-supply';
import { GST_STATES, PLACE_OF_SUPPLY_STATES } from './states';

// Written out independently of ./states so that a typo in the data is caught here.
const EXPECTED: readonly (readonly [code: string, iso: string, name: string])[] = [
  ['01', 'IN-JK', 'Jammu and Kashmir'],
  ['02', 'IN-HP', 'Himachal Pradesh'],
  ['03', 'IN-PB', 'Punjab'],
  ['04', 'IN-CH', 'Chandigarh'],
  ['05', 'IN-UK', 'Uttarakhand'],
  ['06', 'IN-HR', 'Haryana'],
  ['07', 'IN-DL', 'Delhi'],
  ['08', 'IN-RJ', 'Rajasthan'],
  ['09', 'IN-UP', 'Uttar Pradesh'],
  ['10', 'IN-BR', 'Bihar'],
  ['11', 'IN-SK', 'Sikkim'],
  ['12', 'IN-AR', 'Arunachal Pradesh'],
  ['13', 'IN-NL', 'Nagaland'],
  ['14', 'IN-MN', 'Manipur'],
  ['15', 'IN-MZ', 'Mizoram'],
  ['16', 'IN-TR', 'Tripura'],
  ['17', 'IN-ML', 'Meghalaya'],
  ['18', 'IN-AS', 'Assam'],
  ['19', 'IN-WB', 'West Bengal'],
  ['20', 'IN-JH', 'Jharkhand'],
  ['21', 'IN-OD', 'Odisha'],
  ['22', 'IN-CG', 'Chhattisgarh'],
  ['23', 'IN-MP', 'Madhya Pradesh'],
  ['24', 'IN-GJ', 'Gujarat'],
  ['26', 'IN-DH', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['27', 'IN-MH', 'Maharashtra'],
  ['29', 'IN-KA', 'Karnataka'],
  ['30', 'IN-GA', 'Goa'],
  ['31', 'IN-LD', 'Lakshadweep'],
  ['32', 'IN-KL', 'Kerala'],
  ['33', 'IN-TN', 'Tamil Nadu'],
  ['34', 'IN-PY', 'Puducherry'],
  ['35', 'IN-AN', 'Andaman and Nicobar Islands'],
  ['36', 'IN-TS', 'Telangana'],
  ['37', 'IN-AP', 'Andhra Pradesh'],
  ['38', 'IN-LA', 'Ladakh'],
  ['96', 'IN-96', 'Other Countries'],
  ['97', 'IN-97', 'Other Territory'],
];

// Every accepted spelling of one state, paired with a label for the test name.
function spellings(code: string, iso: string, name: string): [string, string][] {
  return [
    ['ISO', iso],
    ['ISO lower-case', iso.toLowerCase()],
    ['ISO padded', `  ${iso}\t`],
    ['GST code', code],
    ['GST code padded', ` ${code} `],
    ['name', name],
    ['name lower-case', name.toLowerCase()],
    ['name upper-case', name.toUpperCase()],
    ['code-name', `${code}-${name}`],
    ['code-name lower-case', `${code}-${name.toLowerCase()}`],
    ['code - name spaced', `${code} - ${name}`],
  ];
}

describe('resolvePlaceOfSupply: every state in every accepted form', () => {
  const cases = EXPECTED.flatMap(([code, iso, name]) =>
    spellings(code, iso, name).map(([form, input]) => ({ form, input, iso })),
  );
  it.each(cases)('$form $input → $iso', ({ input, iso }) => {
    expect(resolvePlaceOfSupply(input)).toBe(iso);
  });
});

describe('the state table', () => {
  it('has exactly the expected place-of-supply states', () => {
    expect(PLACE_OF_SUPPLY_STATES.map((st) => [st.code, st.iso, st.name])).toEqual(EXPECTED);
  });

  it('keeps the legacy 25 and 28 without a place-of-supply code', () => {
    const noIso = GST_STATES.filter((st) => st.iso === null).map((st) => st.code);
    expect(noIso).toEqual(['25', '28']);
  });

  it('maps ISO codes and GST codes one to one', () => {
    expect(new Set(PLACE_OF_SUPPLY_STATES.map((st) => st.iso)).size).toBe(EXPECTED.length);
    expect(new Set(GST_STATES.map((st) => st.code)).size).toBe(GST_STATES.length);
  });
});

describe('resolvePlaceOfSupply: aliases and variants', () => {
  it.each([
    ['IN-UT', 'IN-UK'],
    ['in-ut', 'IN-UK'],
    [' In-Ut ', 'IN-UK'],
    ['Jammu & Kashmir', 'IN-JK'],
    ['01-Jammu & Kashmir', 'IN-JK'],
    ['Andaman & Nicobar Islands', 'IN-AN'],
    ['Dadra and Nagar Haveli & Daman and Diu', 'IN-DH'],
    ['Dadra & Nagar Haveli & Daman & Diu', 'IN-DH'],
    ['dadra  and nagar haveli and daman and diu', 'IN-DH'],
    ['26-Dadra & Nagar Haveli and Daman & Diu', 'IN-DH'],
    ['Jammu&Kashmir', 'IN-JK'],
    ['Foreign Country', 'IN-96'],
    ['96-Foreign Country', 'IN-96'],
    ['96 - foreign country', 'IN-96'],
    ['in-96', 'IN-96'],
    ['97-Other Territory', 'IN-97'],
    ['IN-97', 'IN-97'],
  ])('%j → %s', (input, iso) => {
    expect(resolvePlaceOfSupply(input)).toBe(iso);
  });
});

describe('resolvePlaceOfSupply: rejections', () => {
  it.each([
    ['IN-IN', 'the country itself'],
    ['IN-OR', 'pre-2023 Odisha code'],
    ['IN-CT', 'pre-2023 Chhattisgarh code'],
    ['IN-TG', 'pre-2023 Telangana code'],
    ['IN-DN', 'pre-2020 Dadra and Nagar Haveli code'],
    ['IN-DD', 'deleted Daman and Diu code'],
    ['IN-UL', 'pre-2007 Uttarakhand code'],
    ['IN-XX', 'unknown ISO code'],
    ['IN-OT', 'private code, not ISO'],
    ['IN-98', 'no such code'],
    ['97-Foreign Country', 'code and name disagree'],
    ['US-CA', 'another country'],
    ['IN-KAR', 'three letters'],
    ['IN KA', 'missing hyphen'],
    ['INKA', 'missing hyphen'],
    ['', 'empty'],
    ['   ', 'blank'],
    ['00', 'unused code'],
    ['25', 'legacy Daman and Diu'],
    ['28', 'legacy Andhra Pradesh (old)'],
    ['39', 'unused code'],
    ['99', 'unused code'],
    ['9', 'one digit'],
    ['029', 'three digits'],
    ['29-Kerala', 'code and name disagree'],
    ['32-Karnataka', 'code and name disagree'],
    ['28-Andhra Pradesh', 'legacy code with current name'],
    ['25-Daman and Diu', 'legacy code and name'],
    ['29-', 'code without name'],
    ['-Karnataka', 'name without code'],
    ['29-IN-KA', 'code with ISO code'],
    ['Daman and Diu', 'legacy name'],
    ['Andhra Pradesh (Old)', 'legacy name'],
    ['Orissa', 'old name'],
    ['Karnatak', 'misspelt'],
    ['Karnataka State', 'extra words'],
    ['India', 'country'],
    ['🙂', 'garbage'],
    ['null', 'garbage'],
  ])('%j (%s) → null', (input) => {
    expect(resolvePlaceOfSupply(input)).toBeNull();
  });

  it('returns null or a canonical code for arbitrary strings, never throws', () => {
    const canonical = new Set(EXPECTED.map(([, iso]) => iso));
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = resolvePlaceOfSupply(input);
        return result === null || canonical.has(result);
      }),
    );
  });
});

describe('stateCodeOfIso', () => {
  it.each(EXPECTED.map(([code, iso]) => [iso, code]))('%s → %s', (iso, code) => {
    expect(stateCodeOfIso(iso)).toBe(code);
  });

  it('is case-insensitive and honours IN-UT', () => {
    expect(stateCodeOfIso('in-ka')).toBe('29');
    expect(stateCodeOfIso('IN-UT')).toBe('05');
  });

  it.each(['IN-IN', 'IN-OR', 'IN-XX', '29', 'Karnataka', ''])('%j → null', (input) => {
    expect(stateCodeOfIso(input)).toBeNull();
  });
});

describe('isIntraState', () => {
  it('is true for the same state in any spelling', () => {
    expect(isIntraState('IN-KA', 'IN-KA')).toBe(true);
    expect(isIntraState('IN-KA', '29')).toBe(true);
    expect(isIntraState('karnataka', '29-Karnataka')).toBe(true);
    expect(isIntraState('IN-UK', 'IN-UT')).toBe(true);
  });

  it('is false for different states', () => {
    expect(isIntraState('IN-KA', 'IN-KL')).toBe(false);
    expect(isIntraState('IN-MH', '29')).toBe(false);
    // Daman and Diu is part of IN-DH now, but legacy code 25 is not resolvable.
    expect(isIntraState('IN-DH', '25')).toBe(false);
  });

  it('is false when either side is unresolvable, even if both are equal', () => {
    expect(isIntraState('IN-IN', 'IN-IN')).toBe(false);
    expect(isIntraState('', '')).toBe(false);
    expect(isIntraState('IN-KA', '')).toBe(false);
  });

  it('is false outside the states: an export (96) and other territory (97)', () => {
    expect(isIntraState('97', '97')).toBe(false);
    expect(isIntraState('IN-96', '96')).toBe(false);
    expect(isIntraState('IN-KA', 'IN-96')).toBe(false);
  });
});
