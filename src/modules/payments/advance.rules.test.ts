import { describe, expect, it } from 'vitest';
import { advanceTaxOf, advanceTermsOf, lessTax, taxTakenBack } from './advance.rules';

const KARNATAKA = { flow: 'INCOMING', currency: 'INR', baseCurrency: 'INR', supplierState: 'IN-KA', customerPlace: 'IN-MH' };

describe('the terms of an advance (CGST Rule 50)', () => {
  it('for services without a place or rate: the customer\'s place, inter-state, 18% (Rule 50(1), second proviso)', () => {
    expect(advanceTermsOf({ advance_for: 'SERVICES' }, KARNATAKA)).toEqual({ advanceFor: 'SERVICES', placeOfSupply: 'IN-MH', supply: 'INTER', rateCenti: 1800 });
  });

  it('a place sent in the supplier\'s state is intra-state; any spelling of it resolves', () => {
    expect(advanceTermsOf({ advance_for: 'SERVICES', place_of_supply: '29', gst_rate: 5 }, KARNATAKA)).toEqual({ advanceFor: 'SERVICES', placeOfSupply: 'IN-KA', supply: 'INTRA', rateCenti: 500 });
  });

  it('for goods: only marked (Notification 66/2017-CT)', () => {
    expect(advanceTermsOf({ advance_for: 'GOODS' }, KARNATAKA)).toEqual({ advanceFor: 'GOODS', placeOfSupply: null, supply: null, rateCenti: null });
  });

  it.each([
    [{ gst_rate: 18 }, KARNATAKA, 'gst_rate'],
    [{ advance_for: 'GOODS' as const, place_of_supply: 'IN-KA' }, KARNATAKA, 'place_of_supply'],
    [{ advance_for: 'GOODS' as const }, { ...KARNATAKA, flow: 'OUTGOING' }, 'advance_for'],
    [{ advance_for: 'SERVICES' as const }, { ...KARNATAKA, currency: 'USD' }, 'advance_for'],
    [{ advance_for: 'SERVICES' as const, place_of_supply: 'Atlantis' }, KARNATAKA, 'place_of_supply'],
    [{ advance_for: 'SERVICES' as const, place_of_supply: 'IN-96' }, KARNATAKA, 'place_of_supply'],
  ])('refuses %j on %s', (input, facts, field) => {
    expect(() => advanceTermsOf(input, facts)).toThrowError(expect.objectContaining({ code: 'validation.invalid_value', field }));
  });

  it('a customer of no known state needs the place sent', () => {
    expect(() => advanceTermsOf({ advance_for: 'SERVICES' }, { ...KARNATAKA, customerPlace: null }))
      .toThrowError(expect.objectContaining({ code: 'validation.required_field', field: 'place_of_supply' }));
  });
});

describe('the tax inside an advance, and what adjustments take back', () => {
  it('is tax-inclusive: 11,800 at 18% is 10,000 + 1,800; 1,000 intra-state at 18% is 847.46 + 76.27 + 76.27', () => {
    expect(advanceTaxOf(11_800_00, 1800, 'INTER')).toEqual({ taxable: 10_000_00, igst: 1_800_00, cgst: 0, sgst: 0 });
    // 1,000 × 100 / 118 = 847.457… → 847.46; 9% of it = 76.271… → 76.27 each.
    expect(advanceTaxOf(1_000_00, 1800, 'INTRA')).toEqual({ taxable: 847_46, igst: 0, cgst: 76_27, sgst: 76_27 });
  });

  it('three adjustments of 1,000 take back parts that sum to what the receipt posted', () => {
    const posted = advanceTaxOf(1_000_00, 1800, 'INTRA');
    const first = taxTakenBack(posted, 600_00, 1800, 'INTRA');
    // 600 stays: 508.47 + 45.76 + 45.76, so the first 400 takes back 338.99, 30.51 and 30.51.
    expect(first).toEqual({ taxable: 338_99, igst: 0, cgst: 30_51, sgst: 30_51 });
    const second = taxTakenBack(lessTax(posted, [first]), 300_00, 1800, 'INTRA');
    const last = taxTakenBack(lessTax(posted, [first, second]), 0, 1800, 'INTRA');
    expect(lessTax(posted, [first, second, last])).toEqual({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
  });

  it('a part of the receipt that settled an invoice when it was recorded was never taxed: adjusting it takes nothing back', () => {
    // 1,000 received, 400 settled an invoice at once: the advance is 600.
    expect(taxTakenBack(advanceTaxOf(600_00, 1800, 'INTER'), 600_00, 1800, 'INTER')).toEqual({ taxable: 0, igst: 0, cgst: 0, sgst: 0 });
  });
});
