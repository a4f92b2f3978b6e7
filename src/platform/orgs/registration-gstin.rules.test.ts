import { describe, expect, it } from 'vitest';
import { panOfGstin, registrationGstinMismatch } from './registration-gstin.rules';

// Valid GSTINs of one PAN (AAPFU0939F) in Maharashtra (27) and Karnataka (29), and of another PAN.
const MH = '27AAPFU0939F1ZV';
const KA = '29AAPFU0939F1ZR';
const OTHER_PAN_KA = '29AAGCB7383J1Z4';

describe('registrationGstinMismatch', () => {
  it('accepts a GSTIN of the state with the organisation\'s PAN', () => {
    expect(registrationGstinMismatch(KA, 'IN-KA', [MH])).toBeNull();
    expect(registrationGstinMismatch(MH, 'IN-MH', [])).toBeNull();
  });

  it('names the state code when a Gujarat branch has a Maharashtra GSTIN', () => {
    expect(registrationGstinMismatch(MH, 'IN-GJ', [])).toMatchObject({ reason: 'state_code_mismatch', expected: '24' });
    expect(registrationGstinMismatch(MH, 'IN-GJ', [])!.message).toMatch(/starts with 27.*IN-GJ.*24/);
  });

  it('names the PAN when characters 3-12 differ from another registration\'s', () => {
    const mismatch = registrationGstinMismatch(OTHER_PAN_KA, 'IN-KA', [MH]);
    expect(mismatch).toMatchObject({ reason: 'pan_mismatch', expected: 'AAPFU0939F' });
    expect(mismatch!.message).toContain('AAGCB7383J');
  });

  it('reads the PAN as characters 3-12', () => {
    expect(panOfGstin(MH)).toBe('AAPFU0939F');
  });
});
