import { describe, expect, it } from 'vitest';
import { suggestStates, unrecognisedState } from './unrecognised-state';

describe('suggestStates', () => {
  it.each([
    ['IN-KR', ['IN-KA', 'IN-KL']],
    ['in-kx', ['IN-KA', 'IN-KL']],
    ['IN-MHH', ['IN-MH']],
    ['Karnatak', ['IN-KA']],
    ['karnatka', ['IN-KA']],
    ['Maharastra', ['IN-MH']],
    ['Tamilnadu', ['IN-TN']],
    ['Chattisgarh', ['IN-CG']],
    ['IN-OR', ['IN-OD']],
    ['Orissa', ['IN-OD']],
    ['IN-TG', ['IN-TS']],
    ['Pondicherry', ['IN-PY']],
    ['25', ['IN-DH']],
  ])('%j → %j', (input, expected) => {
    expect(suggestStates(input)).toEqual(expected);
  });

  it.each(['', '   ', 'Bengal', 'US-CA', 'India', '9', 'zzzzzzzzzzzz'])('suggests nothing for %j', (input) => {
    expect(suggestStates(input)).toEqual([]);
  });
});

describe('unrecognisedState', () => {
  it('is 422 validation.invalid_value on the field, with the accepted forms, the guess and every ISO code', () => {
    const error = unrecognisedState('place_of_supply', 'Karnatak');
    expect(error).toMatchObject({ code: 'validation.invalid_value', field: 'place_of_supply', status: 422 });
    expect(error.message).toBe(
      'place_of_supply "Karnatak" is not a recognised Indian state or union territory; did you mean IN-KA (Karnataka)? '
      + 'Send its ISO 3166-2:IN code (IN-KA), its 2-digit GST state code (29), its name (Karnataka) or code and name (29-Karnataka).',
    );
    expect(error.details).toEqual({ allowed: expect.arrayContaining(['IN-KA', 'IN-DH', 'IN-LA']), suggestions: ['IN-KA'] });
    expect((error.details!.allowed as string[])).toHaveLength(38);
  });

  it('offers every equally near state, and ends the sentence when there is no guess', () => {
    expect(unrecognisedState('state_code', 'IN-KR').message).toContain('did you mean IN-KA (Karnataka) or IN-KL (Kerala)?');
    const none = unrecognisedState('state_code', 'Atlantis');
    expect(none.message).toMatch(/^state_code "Atlantis" is not a recognised Indian state or union territory\. Send /);
    expect(none.details!.suggestions).toEqual([]);
  });
});
