import { describe, expect, it } from 'vitest';
import { ExportTypeNotApplicableError, routeSupply, supplierStateOf, zeroRatingEndorsement, type SupplyFacts } from './supply.rules';

const facts = (over: Partial<SupplyFacts>): SupplyFacts => ({
  supplierState: 'IN-KA', placeOfSupply: 'IN-KA', counterpartyTreatment: 'REGISTERED', exportType: null, ...over,
});

describe('supplierStateOf', () => {
  const branch = { gstin: '29AABCB1234F1Z4', state: 'IN-KA' };
  it('is the branch on sales, by its GSTIN\'s state', () => {
    expect(supplierStateOf('sales', branch, { gstin: '24AAPFU0939F1Z1', state: 'IN-GJ' })).toBe('IN-KA');
    expect(supplierStateOf('sales', { gstin: null, state: 'IN-TN' }, null)).toBe('IN-TN');
  });

  it('is the vendor on purchases: its GSTIN\'s state first, then its recorded state, else the branch\'s', () => {
    expect(supplierStateOf('purchase', branch, { gstin: '24AAPFU0939F1Z1', state: 'IN-MH' })).toBe('IN-GJ');
    expect(supplierStateOf('purchase', branch, { gstin: null, state: '27' })).toBe('IN-MH');
    expect(supplierStateOf('purchase', branch, { gstin: null, state: null })).toBe('IN-KA');
    expect(supplierStateOf('purchase', branch, null)).toBe('IN-KA');
    // A legacy prefix (25) has no place-of-supply code: the recorded state stands in.
    expect(supplierStateOf('purchase', branch, { gstin: '25AAPFU0939F1ZV', state: 'IN-DH' })).toBe('IN-DH');
  });
});

describe('routeSupply', () => {
  it('is intra-state when the supplier\'s state is the place of supply, else inter-state', () => {
    expect(routeSupply(facts({}))).toEqual({ supply: 'INTRA', zeroRated: false, exportType: null });
    // A Gujarat vendor billing for supply in Maharashtra: IGST.
    expect(routeSupply(facts({ supplierState: 'IN-GJ', placeOfSupply: 'IN-MH' }))).toEqual({ supply: 'INTER', zeroRated: false, exportType: null });
  });

  it('makes other territory (97) inter-state and a deemed export an ordinary supply', () => {
    expect(routeSupply(facts({ supplierState: 'IN-97', placeOfSupply: 'IN-97' })).supply).toBe('INTER');
    expect(routeSupply(facts({ counterpartyTreatment: 'DEEMED_EXPORT' }))).toEqual({ supply: 'INTRA', zeroRated: false, exportType: null });
  });

  it('makes an export (96) and a supply to an SEZ inter-state, with IGST by default (WPAY)', () => {
    expect(routeSupply(facts({ placeOfSupply: 'IN-96', counterpartyTreatment: 'OVERSEAS' }))).toEqual({ supply: 'INTER', zeroRated: false, exportType: 'WPAY' });
    expect(routeSupply(facts({ counterpartyTreatment: 'SEZ' }))).toEqual({ supply: 'INTER', zeroRated: false, exportType: 'WPAY' });
  });

  it('zero-rates without tax under a Letter of Undertaking (WOPAY)', () => {
    expect(routeSupply(facts({ counterpartyTreatment: 'SEZ', exportType: 'WOPAY' }))).toEqual({ supply: 'INTER', zeroRated: true, exportType: 'WOPAY' });
    expect(routeSupply(facts({ placeOfSupply: 'IN-96', exportType: 'WOPAY' })).zeroRated).toBe(true);
  });

  it('refuses an export_type on a supply that is neither an export nor to an SEZ', () => {
    expect(() => routeSupply(facts({ exportType: 'WPAY' }))).toThrow(ExportTypeNotApplicableError);
    expect(() => routeSupply(facts({ placeOfSupply: 'IN-97', exportType: 'WOPAY' }))).toThrow(expect.objectContaining({ field: 'export_type' }));
    expect(() => routeSupply(facts({ counterpartyTreatment: 'DEEMED_EXPORT', exportType: 'WPAY' }))).toThrow(ExportTypeNotApplicableError);
  });
});

describe('zeroRatingEndorsement (Rule 46)', () => {
  it('names an export or an SEZ supply, with or without payment of IGST; nothing otherwise', () => {
    expect(zeroRatingEndorsement('IN-96', 'WPAY')).toBe('SUPPLY MEANT FOR EXPORT ON PAYMENT OF INTEGRATED TAX');
    expect(zeroRatingEndorsement('IN-96', 'WOPAY')).toBe('SUPPLY MEANT FOR EXPORT UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX');
    expect(zeroRatingEndorsement('IN-KA', 'WOPAY')).toBe('SUPPLY MEANT FOR SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX');
    expect(zeroRatingEndorsement('IN-KA', null)).toBeNull();
  });
});
