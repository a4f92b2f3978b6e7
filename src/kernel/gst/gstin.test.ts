import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { gstinCheckCharacter, gstinProblem, recipientClass, REGISTRATION_KINDS, validateGstin, type GstinKind, type RecipientClass } from './gstin';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const KNOWN_GOOD = ['27AAPFU0939F1ZV', '04AABFN9870CMZT'];

// Codes a GSTIN may start with: 01–38 (incl. legacy 25 and 28) and 97 Other Territory.
const GSTIN_STATE_CODES = [
  ...Array.from({ length: 38 }, (_, i) => String(i + 1).padStart(2, '0')),
  '97',
];

describe('gstinCheckCharacter', () => {
  it.each(KNOWN_GOOD)('computes the check character of %s', (gstin) => {
    expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin.charAt(14));
  });

  it('is case-insensitive', () => {
    expect(gstinCheckCharacter('27aapfu0939f1z')).toBe('V');
  });

  it.each(['', '27AAPFU0939F1', '27AAPFU0939F1ZV', '27AAPFU0939F1-', '27AAPFU0939F1 '])(
    'returns null for %j (not 14 characters of 0-9A-Z)',
    (input) => {
      expect(gstinCheckCharacter(input)).toBeNull();
    },
  );
});

describe('validateGstin: known good', () => {
  it.each(KNOWN_GOOD)('accepts %s', (gstin) => {
    expect(validateGstin(gstin)).toEqual({ ok: true, gstin, stateCode: gstin.slice(0, 2), kind: 'REGULAR' });
  });

  it('normalises case and surrounding whitespace', () => {
    expect(validateGstin(' 27aapfu0939f1zv\n')).toEqual({ ok: true, gstin: '27AAPFU0939F1ZV', stateCode: '27', kind: 'REGULAR' });
  });

  it.each(['25', '28', '97'])('accepts state code %s (GSTINs with it exist)', (code) => {
    const body = `${code}AAPFU0939F1Z`;
    const gstin = body + String(gstinCheckCharacter(body));
    expect(validateGstin(gstin)).toEqual({ ok: true, gstin, stateCode: code, kind: 'REGULAR' });
  });

  it.each(['D', 'C'])('accepts %s (TDS / TCS) in position 14', (kind) => {
    const body = `27AAPFU0939F1${kind}`;
    expect(validateGstin(body + String(gstinCheckCharacter(body))).ok).toBe(true);
  });
});

/*
 * An id of every kind the GST Network issues (docs/rules/gstin.md, "Kinds"). Published ones,
 * listed as samples in india_compliance's sources: the UINs of UN bodies and an embassy, an
 * OIDAR provider's, deductors' with a TAN and a PAN, e-commerce operators' (TCS) and a
 * composition dealer's. The non-resident's and the government department's are made up, with
 * their check character computed.
 */
const KINDS: readonly (readonly [string, GstinKind, RecipientClass])[] = [
  ['36AASFP8573D2ZN', 'REGULAR', 'B2B'],
  ['19AAACI1681G1DV', 'REGULAR', 'B2B'], // a PAN-based D id fits the regular layout first
  ['29DELH00005A1Z3', 'GOVERNMENT', 'B2B'],
  ['06DELI09652G1DA', 'TDS', 'B2B'],
  ['27AAFT56212B1DO', 'TDS', 'B2B'],
  ['29AABCF8078M1C8', 'TCS', 'B2B'],
  ['27AAECG3736E1C2', 'TCS', 'B2B'],
  ['0717UNO00157UNO', 'UIN', 'UIN'],
  ['2117UNO00002UNF', 'UIN', 'UIN'],
  ['0717UNO00154UNU', 'UIN', 'UIN'],
  ['0717USA00001NRA', 'NON_RESIDENT', 'B2C'],
  ['9917SGP29001OST', 'OIDAR', 'B2C'],
];

describe('validateGstin: every kind of id', () => {
  it.each(KINDS)('accepts %s as %s, a %s recipient', (gstin, kind, recipient) => {
    expect(validateGstin(gstin)).toEqual({ ok: true, gstin, stateCode: gstin.slice(0, 2), kind });
    expect(recipientClass(gstin)).toBe(recipient);
  });

  it.each(KINDS)('refuses %s with any other check character', (gstin) => {
    for (const ch of ALPHABET.replace(gstin.charAt(14), '')) {
      expect(validateGstin(gstin.slice(0, 14) + ch).ok, ch).toBe(false);
    }
  });

  it('accepts only a regular GSTIN as a registration of the organisation', () => {
    for (const [gstin, kind] of KINDS) {
      expect(validateGstin(gstin, REGISTRATION_KINDS).ok, gstin).toBe(kind === 'REGULAR');
    }
  });

  it('classes a party without a GSTIN as B2C', () => {
    expect(recipientClass(null)).toBe('B2C');
  });
});

describe('validateGstin: every single-character corruption of a good GSTIN is rejected', () => {
  it.each(KNOWN_GOOD)('%s', (good) => {
    let corruptions = 0;
    for (let pos = 0; pos < good.length; pos++) {
      for (const ch of ALPHABET) {
        if (ch === good.charAt(pos)) continue;
        const bad = good.slice(0, pos) + ch + good.slice(pos + 1);
        const result = validateGstin(bad);
        expect(result.ok, bad).toBe(false);
        corruptions++;
      }
    }
    expect(corruptions).toBe(15 * 35);
  });

  it('reports the check character when the corruption keeps the layout valid', () => {
    // Position 4 is inside the PAN letters; any other letter keeps the format.
    expect(validateGstin('27AAQFU0939F1ZV')).toEqual({ ok: false, reason: 'check_character_mismatch' });
    expect(validateGstin('27AAPFU0939F1ZW')).toEqual({ ok: false, reason: 'check_character_mismatch' });
  });
});

describe('validateGstin: bad input', () => {
  it.each([
    ['', 'invalid_length'],
    ['27AAPFU0939F1Z', 'invalid_length'],
    ['27AAPFU0939F1ZVX', 'invalid_length'],
    ['27 AAPFU0939F1ZV', 'invalid_length'],
    ['27AAPFU0939F1Z-', 'invalid_format'],
    ['2AAAPFU0939F1ZV', 'invalid_format'], // letter in state code
    ['27AAPF10939F1ZV', 'invalid_format'], // digit in PAN letters
    ['27AAPFUA939F1ZV', 'invalid_format'], // letter in PAN digits
    ['27AAPFU093991ZV', 'invalid_format'], // digit as PAN check letter
    ['27AAPFU0939F0ZV', 'invalid_format'], // entity number 0
    ['27AAPFU0939F1XV', 'invalid_format'], // position 14 not Z/D/C
    ['27AAPFU0939F1Z!', 'invalid_format'],
    ['9917USA00001UNO', 'unknown_state_code'], // a UIN starts with a state's code; 99 is only an OIDAR provider's
    ['2717GBR00002NR2'.replace('NR', 'NX'), 'invalid_format'],
    ['00AAPFU0939F1ZV', 'unknown_state_code'],
    ['39AAPFU0939F1ZV', 'unknown_state_code'],
    ['96AAPFU0939F1ZV', 'unknown_state_code'],
    ['99AAPFU0939F1ZV', 'unknown_state_code'],
    ['27AAPFU0939F1Z0', 'check_character_mismatch'],
  ])('%j → %s', (input, reason) => {
    expect(validateGstin(input)).toEqual({ ok: false, reason });
  });
});

describe('validateGstin: properties', () => {
  const upper = (chars: string, n: number) =>
    fc.array(fc.constantFrom(...chars), { minLength: n, maxLength: n }).map((a) => a.join(''));
  const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const DIGITS = '0123456789';
  const validBody = fc
    .tuple(
      fc.constantFrom(...GSTIN_STATE_CODES),
      upper(LETTERS, 5),
      upper(DIGITS, 4),
      upper(LETTERS, 1),
      upper('123456789' + LETTERS, 1),
      fc.constantFrom('Z', 'D', 'C'),
    )
    .map((parts) => parts.join(''));

  it('appending gstinCheckCharacter to a valid body gives a valid GSTIN', () => {
    fc.assert(
      fc.property(validBody, (body) => {
        const gstin = body + String(gstinCheckCharacter(body));
        const result = validateGstin(gstin);
        return result.ok && result.gstin === gstin && result.stateCode === body.slice(0, 2);
      }),
    );
  });

  it('any other final character is a check character mismatch', () => {
    fc.assert(
      fc.property(validBody, fc.constantFrom(...ALPHABET), (body, last) => {
        fc.pre(last !== gstinCheckCharacter(body));
        const result = validateGstin(body + last);
        return !result.ok && result.reason === 'check_character_mismatch';
      }),
    );
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const result = validateGstin(input);
        return typeof result.ok === 'boolean';
      }),
    );
  });
});

describe('gstinProblem', () => {
  it.each([
    ['invalid_length', 'gst_no is not a valid GSTIN: a GSTIN has 15 letters and digits, such as 27AAPFU0939F1ZV'],
    ['unknown_state_code', 'gst_no is not a valid GSTIN: its first two digits are not a GST state code (01 to 38, or 97; 99 only for an OIDAR provider)'],
    ['check_character_mismatch', 'gst_no is not a valid GSTIN: its last character is not the check character of the first 14; look for a mistyped character'],
  ] as const)('%s says what to fix', (reason, message) => {
    expect(gstinProblem('gst_no', reason)).toBe(message);
  });

  it('describes the layout for invalid_format', () => {
    expect(gstinProblem('gstin', 'invalid_format')).toMatch(/^gstin is not a valid GSTIN: a GSTIN is a 2-digit state code, a 10-character PAN .* such as 27AAPFU0939F1ZV$/);
  });
});
