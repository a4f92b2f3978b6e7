import { describe, expect, it } from 'vitest';
import { gstr1Advances, type AdvanceEntry } from './gstr1-advances.builder';

const entry = (id: string, fields: Partial<AdvanceEntry>): AdvanceEntry => ({
  id, number: `RV-${id}`, pos: '27', supplyType: 'INTER', rateCenti: 1800, taxable: 0, igst: 0, cgst: 0, sgst: 0, ...fields,
});

describe('GSTR-1 Table 11', () => {
  it('at nets what the period adjusted of its own receipts; txpd takes the adjustments of earlier ones; empty rows go', () => {
    const received = [
      entry('a', { taxable: 10_000_00, igst: 1_800_00 }),
      entry('b', { pos: '29', supplyType: 'INTRA', rateCenti: 1200, taxable: 5_000_00, cgst: 300_00, sgst: 300_00 }),
      entry('c', { rateCenti: 500, taxable: 1_000_00, igst: 50_00 }),
    ];
    const adjusted = [
      { ...entry('b1', { pos: '29', supplyType: 'INTRA', rateCenti: 1200, taxable: 2_000_00, cgst: 120_00, sgst: 120_00 }), source: 'ALLOCATION' as const, earlier: false },
      { ...entry('c1', { rateCenti: 500, taxable: 1_000_00, igst: 50_00 }), source: 'ALLOCATION' as const, earlier: false },
      { ...entry('z1', { pos: '33', taxable: 500_00, igst: 90_00 }), source: 'ALLOCATION' as const, earlier: true },
    ];
    const { at, txpd, carried } = gstr1Advances(received, adjusted);
    expect(at).toEqual([
      // c was used up in the period: its 5% item nets to nothing and is left out.
      { pos: '27', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 10000, iamt: 1800, camt: 0, samt: 0, csamt: 0 }] },
      { pos: '29', sply_ty: 'INTRA', itms: [{ rt: 12, ad_amt: 3000, iamt: 0, camt: 180, samt: 180, csamt: 0 }] },
    ]);
    expect(txpd).toEqual([{ pos: '33', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 500, iamt: 90, camt: 0, samt: 0, csamt: 0 }] }]);
    expect(carried.map((c) => [c.source, c.sourceId, c.tax])).toEqual([
      ['PAYMENT', 'a', 1_800_00], ['PAYMENT', 'b', 600_00], ['PAYMENT', 'c', 50_00],
      ['ALLOCATION', 'b1', -240_00], ['ALLOCATION', 'c1', -50_00], ['ALLOCATION', 'z1', -90_00],
    ]);
  });

  it('a refund takes back as an adjustment does: from at in the period received, in txpd after it, carried as its own PAYMENT entry', () => {
    const received = [entry('a', { taxable: 10_000_00, igst: 1_800_00 })];
    const adjusted = [
      // Half of a refunded in its own period; a quarter of an earlier advance refunded now.
      { ...entry('r1', { taxable: 5_000_00, igst: 900_00 }), source: 'PAYMENT' as const, earlier: false },
      { ...entry('r2', { pos: '33', taxable: 2_500_00, igst: 450_00 }), source: 'PAYMENT' as const, earlier: true },
    ];
    const { at, txpd, carried } = gstr1Advances(received, adjusted);
    expect(at).toEqual([{ pos: '27', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 5000, iamt: 900, camt: 0, samt: 0, csamt: 0 }] }]);
    expect(txpd).toEqual([{ pos: '33', sply_ty: 'INTER', itms: [{ rt: 18, ad_amt: 2500, iamt: 450, camt: 0, samt: 0, csamt: 0 }] }]);
    expect(carried.map((c) => [c.source, c.sourceId, c.tax])).toEqual([['PAYMENT', 'a', 1_800_00], ['PAYMENT', 'r1', -900_00], ['PAYMENT', 'r2', -450_00]]);
  });
});
