import { describe, expect, it } from 'vitest';
import { buildGstr3b, type InwardLine, type OutwardLine } from './gstr3b.builder';

const out = (fields: Partial<OutwardLine>): OutwardLine => ({
  sign: 1, kind: 'TAXABLE', txval: 1000_00, igst: 0, cgst: 90_00, sgst: 90_00, zeroRated: false, interState: null, ...fields,
});
const inn = (fields: Partial<InwardLine>): InwardLine => ({
  sign: 1, kind: 'TAXABLE', txval: 1000_00, igst: 0, cgst: 90_00, sgst: 90_00, reverseCharge: false, itcType: 'OTH', blocked: false,
  posRestricted: false, inter: false, composition: false, ...fields,
});
const taxOf = (iamt: number, camt: number, samt: number) => ({ iamt, camt, samt, csamt: 0 });

describe('buildGstr3b', () => {
  it('sorts outward lines into 3.1 (a), (b), (c), (e) less credit notes, and inter-state B2C by place of supply into 3.2', () => {
    const r = buildGstr3b('29AABCB1234F1Z4', '062026', [
      out({}),
      out({ txval: 500_00, cgst: 0, sgst: 0, igst: 90_00, interState: { table: 'unreg_details', pos: '27' } }),
      out({ txval: 200_00, cgst: 0, sgst: 0, igst: 36_00, interState: { table: 'unreg_details', pos: '27' } }),
      out({ sign: -1, txval: 100_00, cgst: 9_00, sgst: 9_00 }),
      out({ zeroRated: true, txval: 800_00, cgst: 0, sgst: 0, igst: 0 }),
      out({ kind: 'NIL_RATED', txval: 300_00, cgst: 0, sgst: 0 }),
      out({ kind: 'EXEMPT', txval: 50_00, cgst: 0, sgst: 0 }),
      out({ kind: 'NON_GST', txval: 70_00, cgst: 0, sgst: 0 }),
    ], []);
    expect(r.sup_details).toEqual({
      // 1000 + 500 + 200 − 100; IGST 90 + 36; CGST/SGST 90 − 9.
      osup_det: { txval: 1600, ...taxOf(126, 81, 81) },
      osup_zero: { txval: 800, ...taxOf(0, 0, 0) },
      osup_nil_exmp: { txval: 350, ...taxOf(0, 0, 0) },
      isup_rev: { txval: 0, ...taxOf(0, 0, 0) },
      osup_nongst: { txval: 70, ...taxOf(0, 0, 0) },
    });
    expect(r.inter_sup).toEqual({ unreg_details: [{ pos: '27', txval: 700, iamt: 126 }], comp_details: [], uin_details: [] });
  });

  it('reports a reverse-charge supply by its value alone: in 3.1(a) and 3.2 without the tax the recipient pays', () => {
    const r = buildGstr3b('29AABCB1234F1Z4', '062026', [
      out({}),
      out({ reverseCharge: true, txval: 2000_00, cgst: 50_00, sgst: 50_00 }),
      out({ reverseCharge: true, sign: -1, txval: 400_00, cgst: 10_00, sgst: 10_00 }),
      out({ reverseCharge: true, txval: 500_00, cgst: 0, sgst: 0, igst: 25_00, interState: { table: 'comp_details', pos: '27' } }),
    ], []);
    // 1000 + 2000 − 400 + 500; only the ordinary line's CGST and SGST of 90.
    expect(r.sup_details.osup_det).toEqual({ txval: 3100, ...taxOf(0, 90, 90) });
    expect(r.inter_sup.comp_details).toEqual([{ pos: '27', txval: 500, iamt: 0 }]);
  });

  it('claims credit by type (a Bill of Entry\'s IGST as IMPG) with blocked credit in 4(A) and reversed in 4(B), received notes reducing their type; exempt and non-GST inward in 5', () => {
    const r = buildGstr3b('29AABCB1234F1Z4', '062026', [], [
      inn({}),
      inn({ blocked: true, txval: 200_00, cgst: 5_00, sgst: 5_00 }),
      inn({ reverseCharge: true, itcType: 'ISRC' }),
      inn({ reverseCharge: true, itcType: 'IMPS', inter: true, cgst: 0, sgst: 0, igst: 180_00 }),
      inn({ sign: -1, txval: 250_00, inter: true, cgst: 0, sgst: 0, igst: 45_00 }),
      inn({ kind: 'EXEMPT', txval: 40_00, cgst: 0, sgst: 0 }),
      inn({ composition: true, inter: true, txval: 60_00, cgst: 0, sgst: 0 }),
      inn({ kind: 'NON_GST', txval: 30_00, cgst: 0, sgst: 0 }),
      inn({ itcType: 'IMPG', inter: true, txval: 1100_00, cgst: 0, sgst: 0, igst: 198_00 }),
    ]);
    // A Bill of Entry's IGST is no reverse charge: 3.1(d) is the ISRC and IMPS lines alone.
    expect(r.sup_details.isup_rev).toEqual({ txval: 2000, ...taxOf(180, 90, 90) });
    expect(r.itc_elg).toEqual({
      itc_avl: [
        { ty: 'IMPG', ...taxOf(198, 0, 0) }, { ty: 'IMPS', ...taxOf(180, 0, 0) }, { ty: 'ISRC', ...taxOf(0, 90, 90) },
        { ty: 'ISD', ...taxOf(0, 0, 0) }, { ty: 'OTH', ...taxOf(-45, 95, 95) },
      ],
      itc_rev: [{ ty: 'RUL', ...taxOf(0, 5, 5) }, { ty: 'OTH', ...taxOf(0, 0, 0) }],
      // IGST 198 + 180 − 45; CGST and SGST 90 + 90 + 5 − 5.
      itc_net: taxOf(333, 180, 180),
      itc_inelg: [{ ty: 'RUL', ...taxOf(0, 0, 0) }, { ty: 'OTH', ...taxOf(0, 0, 0) }],
    });
    expect(r.inward_sup.isup_details).toEqual([{ ty: 'GST', inter: 60, intra: 40 }, { ty: 'NONGST', inter: 0, intra: 30 }]);
  });

  it('reports credit restricted by place of supply in 4(D)(2) alone, a note against it reducing it there', () => {
    const r = buildGstr3b('29AABCB1234F1Z4', '062026', [], [
      inn({}),
      inn({ posRestricted: true, txval: 2000_00, cgst: 180_00, sgst: 180_00 }),
      inn({ posRestricted: true, blocked: true, txval: 100_00, cgst: 9_00, sgst: 9_00 }),
      inn({ posRestricted: true, sign: -1, txval: 500_00, cgst: 45_00, sgst: 45_00 }),
    ]);
    // 4(A) and 4(C) hold the ordinary line alone; 4(D)(2): 180 + 9 − 45.
    expect(r.itc_elg.itc_avl[4]).toEqual({ ty: 'OTH', ...taxOf(0, 90, 90) });
    expect(r.itc_elg.itc_rev).toEqual([{ ty: 'RUL', ...taxOf(0, 0, 0) }, { ty: 'OTH', ...taxOf(0, 0, 0) }]);
    expect(r.itc_elg.itc_net).toEqual(taxOf(0, 90, 90));
    expect(r.itc_elg.itc_inelg).toEqual([{ ty: 'RUL', ...taxOf(0, 0, 0) }, { ty: 'OTH', ...taxOf(0, 144, 144) }]);
  });

  it('reports Rule 37: reversals in 4(B)(2), reclaims in 4(A)(5) and 4(D)(1), 4(C) net of the reversals', () => {
    const r = buildGstr3b('29AABCB1234F1Z4', '072026', [], [inn({})], {
      reversed: { igst: 180_00, cgst: 0, sgst: 0, cess: 0 },
      reclaimed: { igst: 0, cgst: 45_00, sgst: 45_00, cess: 5_00 },
    });
    // OTH: the bill's 90 + 90 and the reclaimed 45 + 45 and cess 5.
    expect(r.itc_elg.itc_avl[4]).toEqual({ ty: 'OTH', iamt: 0, camt: 135, samt: 135, csamt: 5 });
    expect(r.itc_elg.itc_rev).toEqual([{ ty: 'RUL', ...taxOf(0, 0, 0) }, { ty: 'OTH', ...taxOf(180, 0, 0) }]);
    // IGST 0 − 180; CGST and SGST 135 each; cess 5.
    expect(r.itc_elg.itc_net).toEqual({ iamt: -180, camt: 135, samt: 135, csamt: 5 });
    expect(r.itc_elg.itc_inelg).toEqual([{ ty: 'RUL', iamt: 0, camt: 45, samt: 45, csamt: 5 }, { ty: 'OTH', ...taxOf(0, 0, 0) }]);
  });
});
