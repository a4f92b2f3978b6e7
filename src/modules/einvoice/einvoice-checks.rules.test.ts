import { describe, expect, it } from 'vitest';
import { addressLines } from './address-lines.rules';
import { countryCodeOf } from './country-codes.rules';
import { reportingWindowProblem } from './einvoice.rules';
import { pinFitsState, statesOfPin } from './pin-states.rules';

describe('addressLines', () => {
  it('keeps the first line as Addr1 and joins the rest into Addr2 while each fits', () => {
    expect(addressLines('42, 1st Main Road\nKoramangala\n3rd Block')).toEqual({ Addr1: '42, 1st Main Road', Addr2: 'Koramangala, 3rd Block' });
    expect(addressLines(null)).toEqual({ Addr1: '', Addr2: null });
  });

  it('cuts a line over the width at the last space within it', () => {
    // 10 characters wide: "Plot 7," (7) is the most that ends at a space before 10.
    expect(addressLines('Plot 7, MIDC Bhosari', 10)).toEqual({ Addr1: 'Plot 7,', Addr2: 'MIDC Bhosari' });
    // A word longer than the width is cut at the width.
    expect(addressLines('Koramangalaxyz', 10)).toEqual({ Addr1: 'Koramangal', Addr2: 'axyz' });
  });

  it('leaves an Addr2 over the width when the address is longer than two lines hold, for the checks to report', () => {
    const { Addr1, Addr2 } = addressLines('a'.repeat(95) + ' ' + 'b'.repeat(120));
    expect([Addr1.length, Addr2!.length]).toEqual([95, 120]);
  });
});

describe('countryCodeOf', () => {
  it.each([
    ['US', 'US'], ['us', 'US'], ['United States of America', 'US'], [' united  kingdom ', 'GB'], ['UK', 'GB'], ['UAE', 'AE'], ['Germany', 'DE'],
    ['Atlantis', null], ['', null], [null, null],
  ])('%s is %s', (country, code) => expect(countryCodeOf(country)).toBe(code));
});

describe('PIN prefixes', () => {
  it('knows the states of a prefix, and none for an Army Post Office PIN', () => {
    expect(statesOfPin(560034)).toEqual(['29']);
    expect(statesOfPin(403001)).toContain('30');
    expect(statesOfPin(990001)).toBeNull();
  });
  it.each([[560034, '29', true], [400001, '29', false], [605001, '34', true], [744101, '35', true], [990001, '07', true]])('%s in %s: %s', (pin, state, fits) => {
    expect(pinFitsState(pin, state)).toBe(fits);
  });
});

describe('reportingWindowProblem', () => {
  it('takes a document of 1 April up to 30 April with a window of 30 days, not on 1 May', () => {
    expect(reportingWindowProblem('2026-04-01', '2026-04-30', 30)).toBeNull();
    expect(reportingWindowProblem('2026-04-01', '2026-05-01', 30)).toMatchObject({ field: 'DocDtls.Dt', code: 'validation.invalid_value' });
  });
  it('has no limit with a null window, nor before 1 April 2025', () => {
    expect(reportingWindowProblem('2026-04-01', '2027-04-01', null)).toBeNull();
    expect(reportingWindowProblem('2024-01-01', '2025-03-31', 30)).toBeNull();
    expect(reportingWindowProblem('2025-03-01', '2025-04-01', 30)).not.toBeNull();
  });
});
