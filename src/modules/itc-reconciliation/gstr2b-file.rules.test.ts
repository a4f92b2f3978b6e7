import { describe, expect, it } from 'vitest';
import { gstr2bHeader, gstr2bSection, sectionEntryRows } from './gstr2b-file.rules';

const SUPPLIER = { ctin: '29AAACR5055K1Z3', trdnm: 'Raman Traders', supfildt: '11-06-2026', supprd: '052026' };

describe('sectionEntryRows', () => {
  it('sums the rate-wise items of an invoice into paise', () => {
    const [row] = sectionEntryRows('b2b', { ...SUPPLIER, inv: [{
      inum: 'RT/0012/26-27', dt: '05-05-2026', val: 11980.5, pos: '29', rev: 'N', itcavl: 'Y',
      items: [{ num: 1, rt: 18, txval: 10000, cgst: 900, sgst: 900 }, { num: 2, rt: 5, txval: 171.9, cgst: 4.3, sgst: 4.3 }],
    }] }, 'data.docdata.b2b[0]', false);
    // 10000 + 171.90 = 10171.90 → 1,017,190 paise; CGST 900 + 4.30 = 904.30 → 90,430.
    expect(row).toMatchObject({
      section: 'b2b', supplierGstin: '29AAACR5055K1Z3', supplierName: 'Raman Traders', supplierPeriod: '052026', supplierFiledOn: '2026-06-11',
      documentType: 'INV', documentNumber: 'RT/0012/26-27', numberKey: 'RT12', documentDate: '2026-05-05', financialYear: '2026-27',
      taxableValue: 1_017_190, cgst: 90_430, sgst: 90_430, igst: 0, cess: 0, documentValue: 1_198_050, reverseCharge: false, itcAvailable: 'Y', rejected: false,
    });
  });

  it('reads the heads from the document itself in the IMS-era form, and its IMS status', () => {
    const [row] = sectionEntryRows('cdnr', { ...SUPPLIER, nt: [{ ntnum: 'CN-3', typ: 'C', dt: '25-05-2026', txval: 1000, igst: 180, imsStatus: 'P' }] }, 'p', true);
    // No `val`: the value is the taxable value and the heads, 1000 + 180 = 1180.
    expect(row).toMatchObject({ documentType: 'CN', taxableValue: 100_000, igst: 18_000, documentValue: 118_000, imsStatus: 'P', rejected: true });
  });

  it('takes a Bill of Entry of impg without a supplier, and an amended invoice with its original', () => {
    const [boe] = sectionEntryRows('impg', { boenum: 2566282, boedt: '18-05-2026', portcode: 'INBLR4', txval: 123.02, igst: 22.14, isamd: 'N' }, 'data.docdata.impg[0]', false);
    expect(boe).toMatchObject({ documentType: 'BOE', documentNumber: '2566282', supplierGstin: null, portCode: 'INBLR4', taxableValue: 12_302, igst: 2_214 });
    const [amended] = sectionEntryRows('b2ba', { ...SUPPLIER, inv: [{ oinum: 'RT-11', oidt: '01-05-2026', inum: 'RT-11A', dt: '02-05-2026', txval: 1 }] }, 'x', false);
    expect(amended).toMatchObject({ originalNumber: 'RT-11', originalDate: '2026-05-01', documentNumber: 'RT-11A' });
  });

  it('names the JSON path of the first problem', () => {
    const at = (entry: unknown) => { try { sectionEntryRows('b2b', entry, 'data.docdata.b2b[3]', false); } catch (e) { return (e as { field: string }).field; } };
    expect(at({ ...SUPPLIER, inv: [{ inum: 'A', dt: '2026-05-05', txval: 1 }] })).toBe('data.docdata.b2b[3].inv[0].dt');
    expect(at({ ...SUPPLIER, inv: [{ inum: 'A', dt: '05-05-2026', items: [{ txval: 1.005 }] }] })).toBe('data.docdata.b2b[3].inv[0].items[0].txval');
    expect(at({ ...SUPPLIER, ctin: '29AAACR5055K1Z4', inv: [] })).toBe('data.docdata.b2b[3].ctin');
    expect(at({ ...SUPPLIER, inv: [{ dt: '05-05-2026' }] })).toBe('data.docdata.b2b[3].inv[0].inum');
    expect(at({ ...SUPPLIER, inv: [{ inum: 'A', dt: '31-02-2026' }] })).toBe('data.docdata.b2b[3].inv[0].dt');
  });
});

describe('gstr2bHeader and gstr2bSection', () => {
  it('reads the month, the day generated and the file count (1 when absent)', () => {
    expect(gstr2bHeader({ gstin: '29aabcb1234f1z4', rtnprd: '052026', gendt: '14-06-2026', version: '1.0', docdata: {} }))
      .toEqual({ gstin: '29AABCB1234F1Z4', period: '052026', generatedOn: '2026-06-14', version: '1.0', fileCount: 1, itcSummary: null });
  });
  it('refuses a missing period, a bad file count and an unknown section', () => {
    expect(() => gstr2bHeader({ gstin: '29AABCB1234F1Z4', gendt: '14-06-2026' })).toThrow(/data\.rtnprd/);
    expect(() => gstr2bHeader({ gstin: '29AABCB1234F1Z4', rtnprd: '052026', gendt: '14-06-2026', fc: 0 })).toThrow(/data\.fc/);
    expect(() => gstr2bSection('ecom', 'data.docdata.ecom')).toThrow(/not a section/);
  });
});
