import { describe, expect, it } from 'vitest';
import { inrLines, type SourceLine } from '../einvoice';
import { hsnSection } from './hsn-summary.builder';

const line = (fields: Partial<SourceLine>): SourceLine => ({
  name: 'Laptop', description: null, hsnOrSac: '8471', quantityMilli: 1000, unit: 'nos', isService: false,
  rate: 100_00, discount: 0, taxRateCenti: 1800, itemTotal: 100_00, cgst: 9_00, sgst: 9_00, igst: 0, ...fields,
});

/** An entry of a one-line document at an exchange rate (× 10^6). */
const entry = (l: SourceLine, rateMicro: number, credit: boolean, goodsMilli = l.quantityMilli) => ({ line: l, inr: inrLines([l], rateMicro)[0]!, credit, goodsMilli });

describe('hsnSection', () => {
  it('sums lines of one code, unit and rate, subtracts credits, converts at each document rate, reports services as NA with quantity 0', () => {
    const section = hsnSection([
      entry(line({ quantityMilli: 2000, itemTotal: 200_00, cgst: 18_00, sgst: 18_00 }), 1_000_000, false),
      // USD 1 at 83.5: ₹83.50, IGST USD 0.18 = ₹15.03.
      entry(line({ itemTotal: 1_00, cgst: 0, sgst: 0, igst: 18 }), 83_500_000, false),
      entry(line({}), 1_000_000, true),
      entry(line({ name: 'Repair', hsnOrSac: '998713', unit: 'hrs', isService: true, quantityMilli: 3000, itemTotal: 300_00, cgst: 27_00, sgst: 27_00 }), 1_000_000, false),
    ]);
    expect(section).toEqual({
      data: [
        { num: 1, hsn_sc: '8471', desc: 'Laptop', uqc: 'NOS', qty: 2, rt: 18, txval: 183.5, iamt: 15.03, camt: 9, samt: 9, csamt: 0 },
        { num: 2, hsn_sc: '998713', desc: 'Repair', uqc: 'NA', qty: 0, rt: 18, txval: 300, iamt: 0, camt: 27, samt: 27, csamt: 0 },
      ],
      totals: { txval: 483.5, iamt: 15.03, camt: 36, samt: 36, csamt: 0 },
    });
  });

  it('a credit note line lowering value alone lowers the value, not the quantity', () => {
    const section = hsnSection([
      entry(line({ quantityMilli: 3000, itemTotal: 300_00, cgst: 27_00, sgst: 27_00 }), 1_000_000, false),
      entry(line({ itemTotal: 50_00, cgst: 4_50, sgst: 4_50 }), 1_000_000, true, 0),
    ]);
    expect(section.data).toEqual([{ num: 1, hsn_sc: '8471', desc: 'Laptop', uqc: 'NOS', qty: 3, rt: 18, txval: 250, iamt: 0, camt: 22.5, samt: 22.5, csamt: 0 }]);
  });

  it('as the portal takes a row: desc cut to 30 characters, no hsn_sc on lines issued without a code', () => {
    const section = hsnSection([entry(line({ name: 'Stainless steel water bottle, 1 litre', hsnOrSac: null }), 1_000_000, false)]);
    expect(section.data).toEqual([{ num: 1, desc: 'Stainless steel water bottle, ', uqc: 'NOS', qty: 1, rt: 18, txval: 100, iamt: 0, camt: 9, samt: 9, csamt: 0 }]);
  });
});
