import { describe, expect, it } from 'vitest';
import { assertCessLevied, cessEndsOn } from './cess.rules';
import { computeLine } from './line-amounts.rules';

const line = (quantity: number, rupees: number, taxPercent: number, cessPercent: number, cessPerUnitRupees = 0) => ({
  quantityMilli: quantity * 1000, ratePaise: rupees * 100, discountPaise: 0, taxRateCenti: taxPercent * 100,
  cessRateCenti: cessPercent * 100, cessPerUnitPaise: cessPerUnitRupees * 100,
});

describe('compensation cess on a line', () => {
  it('is taxable value × rate, half-up, beside CGST and SGST, and part of the tax', () => {
    // 1 × ₹1,000.50 at 28% + 12% cess: CGST = SGST = 100050 × 14% = 14007; cess 100050 × 12% = 12006.
    expect(computeLine(line(1, 1000.5, 28, 12), { supply: 'INTRA' })).toEqual({
      itemTotal: 100050, cgst: 14007, sgst: 14007, igst: 0, cess: 12006, tax: 40020, remainder: 0,
    });
  });

  it('adds quantity × amount per unit to the ad valorem part (cigarettes: both)', () => {
    // 2.5 thousand sticks × ₹10,000 = 2500000; IGST 28% 700000; cess 5% 125000 + 2.5 × ₹4,170 = 1042500 → 1167500.
    expect(computeLine(line(2.5, 10000, 28, 5, 4170), { supply: 'INTER' })).toMatchObject({ igst: 700000, cess: 1167500, tax: 1867500 });
  });

  it('is none on a zero-rated supply without payment of tax', () => {
    expect(computeLine(line(1, 100, 28, 12, 1), { supply: 'INTER', zeroRated: true })).toMatchObject({ tax: 0, cess: 0 });
  });

  it('comes out of a tax-inclusive amount with the GST: the specific part first, then value × (1 + rate + cess rate)', () => {
    // ₹1,410 entered, ₹10 per unit on 1 unit: 141000 − 1000 = 140000 = value × 1.40 → 100000; CGST/SGST 14000 each, cess 12000 + 1000.
    expect(computeLine(line(1, 1410, 28, 12, 10), { supply: 'INTRA', inclusive: true })).toEqual({
      itemTotal: 100000, cgst: 14000, sgst: 14000, igst: 0, cess: 13000, tax: 41000, remainder: 0,
    });
  });
});

describe('the end of compensation cess', () => {
  it('ended on 22 September 2025, for tobacco (chapter 24) and pan masala (2106 90 20) on 1 February 2026', () => {
    expect([cessEndsOn('87032291'), cessEndsOn(null), cessEndsOn('2402'), cessEndsOn('24022010'), cessEndsOn('21069020'), cessEndsOn('210690')])
      .toEqual(['2025-09-22', '2025-09-22', '2026-02-01', '2026-02-01', '2026-02-01', '2025-09-22']);
  });

  it('refuses a cess on a supply dated on or after its end, on the line field that carries it, naming the day', () => {
    const car = { hsnOrSac: '8703', cessRateCenti: 1500 };
    expect(() => assertCessLevied([car], '2025-09-21')).not.toThrow();
    expect(() => assertCessLevied([{ hsnOrSac: '8703' }, car], '2025-09-22')).toThrow(expect.objectContaining({
      field: 'line_items[1].cess_rate', code: 'validation.invalid_value',
      details: { cess_ended_on: '2025-09-22' },
    }));
    expect(() => assertCessLevied([{ hsnOrSac: '2402', cessPerUnitPaise: 417 }], '2026-01-31')).not.toThrow();
    expect(() => assertCessLevied([{ hsnOrSac: '2402', cessPerUnitPaise: 417 }], '2026-02-01')).toThrow(/2026-02-01/);
  });
});
