import { describe, expect, it } from 'vitest';
import { assertHsnDigits, hsnFormatFault, requiredHsnDigits } from './hsn.rules';

describe('hsnFormatFault', () => {
  it.each(['8471', '847130', '84713010', '9983', '998314'])('accepts %s', (code) => expect(hsnFormatFault(code)).toBeNull());
  it.each(['847', '84713', '8471301', '847130101', '84A1', '0000', '000000', '0012'])('refuses %s', (code) => expect(hsnFormatFault(code)).not.toBeNull());
  it('a service carries a SAC (99), goods an HSN code', () => {
    expect(hsnFormatFault('998314', 'SERVICE')).toBeNull();
    expect(hsnFormatFault('8471', 'SERVICE')).toMatch(/starts with 99/);
    expect(hsnFormatFault('8471', 'GOODS')).toBeNull();
    expect(hsnFormatFault('9983', 'GOODS')).toMatch(/is a SAC/);
  });
});

describe('requiredHsnDigits (Notification 78/2020-CT)', () => {
  it('4: B2B lines only, at least 4 digits; 6 and 8: every line', () => {
    expect(requiredHsnDigits(4, true)).toBe(4);
    expect(requiredHsnDigits(4, false)).toBeNull();
    expect(requiredHsnDigits(6, false)).toBe(6);
    expect(requiredHsnDigits(8, true)).toBe(8);
  });

  it("Phase III: a B2C line issued from 1 May 2025 needs 4 digits; a draft (no issue date) or one issued before does not", () => {
    expect(requiredHsnDigits(4, false, '2025-05-01')).toBe(4);
    expect(requiredHsnDigits(4, false, '2025-04-30')).toBeNull();
    expect(requiredHsnDigits(4, false)).toBeNull();
    expect(requiredHsnDigits(6, false, '2025-05-01')).toBe(6);
  });
});

describe('assertHsnDigits', () => {
  it('names the line and the preference', () => {
    expect(() => assertHsnDigits([{ hsnOrSac: '8471' }, { hsnOrSac: null }], 4, true))
      .toThrow(expect.objectContaining({ code: 'validation.required_field', field: 'line_items[1].hsn_or_sac', message: expect.stringContaining('hsnDigits 4') }));
    expect(() => assertHsnDigits([{ hsnOrSac: '8471' }], 6, false))
      .toThrow(expect.objectContaining({ code: 'validation.invalid_value', field: 'line_items[0].hsn_or_sac', message: expect.stringContaining('hsnDigits 6') }));
    expect(() => assertHsnDigits([{ hsnOrSac: null }], 4, false)).not.toThrow();
    expect(() => assertHsnDigits([{ hsnOrSac: '84713010' }], 8, false)).not.toThrow();
    expect(() => assertHsnDigits([{ hsnOrSac: '84' }], 4, false, '2026-06-10'))
      .toThrow(expect.objectContaining({ code: 'validation.invalid_value', field: 'line_items[0].hsn_or_sac', message: expect.stringContaining('Notification 78/2020-CT') }));
  });
});
