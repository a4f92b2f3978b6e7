import { describe, expect, it } from 'vitest';
import { gstKeys, placeOf, predefinedGroup } from './tally-in-ledgers.rules';
import { uqcOfTallyUnit } from './tally-in-units.rules';

describe('ledgers and units', () => {
  it('walks a user group up to its predefined group, whatever the loop', () => {
    const parents = new Map<string, string | null>([['Pune Debtors', 'West Debtors'], ['West Debtors', 'Sundry Debtors'], ['A', 'B'], ['B', 'A']]);
    expect(predefinedGroup('Pune Debtors', parents)).toBe('Sundry Debtors');
    expect(predefinedGroup('A', parents)).toBeNull();
  });

  it('takes a GST ledger\'s head from its duty head and its side from its name', () => {
    expect(gstKeys('Input CGST 9%', 'Central Tax')).toEqual(['cgst_input']);
    expect(gstKeys('SGST Payable', null)).toEqual(['sgst_output']);
    expect(gstKeys('IGST', 'Integrated Tax')).toEqual(['igst_input', 'igst_output']);
    expect(gstKeys('TDS Payable', null)).toBeNull();
  });

  it('places a party by its state, else its GSTIN', () => {
    expect(placeOf('Tamil Nadu', null)).toBe('IN-TN');
    expect(placeOf(null, '29AAECK5532N1Z2')).toBe('IN-KA');
    expect(placeOf(null, null)).toBeNull();
  });

  it('maps units onto GST units: the reported UQC, the symbol, its usual spelling, else OTH', () => {
    expect(uqcOfTallyUnit('Nos', 'NOS-NUMBERS')).toBe('NOS');
    expect(uqcOfTallyUnit('Kg', null)).toBe('KGS');
    expect(uqcOfTallyUnit('BOX', null)).toBe('BOX');
    expect(uqcOfTallyUnit('Hrs', null)).toBe('OTH');
  });
});
