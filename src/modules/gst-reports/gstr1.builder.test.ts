import { describe, expect, it } from 'vitest';
import { gstr1Sections } from './gstr1.builder';
import type { Gstr1Doc, Gstr1Head, Gstr1Line, Gstr1Note } from './gstr1.rules';
import { invoiceSection, noteSection } from './gstr1-section.rules';

/* Amounts in paise; a supplier in Karnataka (29). */
const head = (over: Partial<Gstr1Head> = {}): Gstr1Head => ({
  id: 'inv_1', number: 'INV-1', date: '2024-08-10', ctin: null, gstTreatment: 'UNREGISTERED', exportType: null, pos: '27', supplierState: '29', value: 1_00_000_00, ...over,
});
const line = (over: Partial<Gstr1Line> = {}): Gstr1Line => ({ rateCenti: 1800, supplyType: 'TAXABLE', txval: 1000_00, iamt: 180_00, camt: 0, samt: 0, ...over });
const doc = (over: Partial<Gstr1Doc> = {}): Gstr1Doc => ({ ...head(over), lines: [line()], ...over });
const note = (over: Partial<Gstr1Note> = {}): Gstr1Note => ({ ...doc(over), invoice: null, ...over });

describe('invoiceSection', () => {
  it('puts an unregistered inter-state invoice in b2cl only above the threshold of its date (Rule 59(4))', () => {
    expect(invoiceSection(head({ value: 1_00_000_00 }))).toBe('b2cs');
    expect(invoiceSection(head({ value: 1_00_000_01 }))).toBe('b2cl');
    expect(invoiceSection(head({ value: 1_50_000_00, date: '2024-07-31' }))).toBe('b2cs');
    expect(invoiceSection(head({ value: 2_50_000_01, date: '2024-07-31' }))).toBe('b2cl');
    expect(invoiceSection(head({ value: 5_00_000_00, pos: '29' }))).toBe('b2cs');
    expect(invoiceSection(head({ value: 5_00_000_00, pos: '97' }))).toBe('b2cl');
  });

  it('puts registered, SEZ and deemed-export buyers in b2b and exports (place of supply 96, whoever the buyer) in exp', () => {
    expect(invoiceSection(head({ ctin: '27AAPFU0939F1ZV', gstTreatment: 'SEZ' }))).toBe('b2b');
    expect(invoiceSection(head({ gstTreatment: 'OVERSEAS', pos: '96' }))).toBe('exp');
    expect(invoiceSection(head({ gstTreatment: 'UNREGISTERED', pos: '96' }))).toBe('exp');
    expect(invoiceSection(head({ gstTreatment: 'OVERSEAS', pos: '29', value: 11_800_00 }))).toBe('b2cs');
  });
});

describe('noteSection', () => {
  it('follows the invoice for unregistered recipients: cdnur after b2cl or an export, b2cs otherwise', () => {
    expect(noteSection(note({ ctin: '29AAACR5055K1Z3', gstTreatment: 'REGISTERED' }))).toBe('cdnr');
    expect(noteSection(note({ invoice: head({ value: 1_50_000_00 }) }))).toBe('cdnur');
    expect(noteSection(note({ invoice: head({ value: 1_50_000_00, date: '2024-07-31' }) }))).toBe('b2cs');
    expect(noteSection(note({ gstTreatment: 'OVERSEAS', pos: '96' }))).toBe('cdnur');
  });
});

describe('gstr1Sections', () => {
  it('nets credit notes to unregistered recipients in b2cs and sends nil and exempt lines to nil', () => {
    const { sections } = gstr1Sections(
      [doc({ pos: '29', lines: [line({ iamt: 0, camt: 90_00, samt: 90_00 }), line({ rateCenti: 0, supplyType: 'EXEMPT', txval: 200_00, iamt: 0 })] })],
      [note({ pos: '29', lines: [line({ txval: 400_00, iamt: 0, camt: 36_00, samt: 36_00 }), line({ rateCenti: 0, supplyType: 'EXEMPT', txval: 50_00, iamt: 0 })] })],
    );
    // ₹1,000 − ₹400 taxable, ₹90 − ₹36 each half; exempt ₹200 − ₹50.
    expect(sections.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '29', typ: 'OE', rt: 18, txval: 600, iamt: 0, camt: 54, samt: 54, csamt: 0 }]);
    expect(sections.nil).toEqual({ inv: [{ sply_ty: 'INTRAB2C', nil_amt: 0, expt_amt: 150, ngsup_amt: 0 }] });
  });

  it("reports a note to an export without payment as cdnur EXPWOP, its export's lines all in exp", () => {
    const exported = { gstTreatment: 'OVERSEAS', pos: '96', exportType: 'WOPAY' };
    const { sections } = gstr1Sections([doc({ ...exported, value: 1000_00, lines: [line({ iamt: 0 })] })], [note({ ...exported, number: 'CN-1', value: 100_00, lines: [line({ txval: 100_00, iamt: 0 })] })]);
    expect(sections.exp).toEqual([{ exp_typ: 'WOPAY', inv: [{ inum: 'INV-1', idt: '10-08-2024', val: 1000, itms: [{ rt: 18, txval: 1000, iamt: 0, csamt: 0 }] }] }]);
    expect(sections.cdnur).toEqual([{ typ: 'EXPWOP', ntty: 'C', nt_num: 'CN-1', nt_dt: '10-08-2024', val: 100, itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 0, csamt: 0 } }] }]);
    expect(sections.nil).toEqual({ inv: [] });
  });

  it('carries per document only the tax heads its section has fields for', () => {
    // An intra-state ₹1,000 + ₹90 + ₹90 placed in b2cl (its place 27 is not the return's 29) carries no CGST or SGST.
    const intra = line({ iamt: 0, camt: 90_00, samt: 90_00 });
    const { carried } = gstr1Sections([doc({ lines: [intra], value: 1_00_001_00 }), doc({ id: 'inv_2', number: 'INV-2', lines: [intra] })], [note({ id: 'cn_1', number: 'CN-1', pos: '29' })]);
    expect(carried).toEqual([
      { source: 'INVOICE', sourceId: 'inv_1', number: 'INV-1', tax: 0 },
      { source: 'INVOICE', sourceId: 'inv_2', number: 'INV-2', tax: 180_00 },
      { source: 'CREDIT_NOTE', sourceId: 'cn_1', number: 'CN-1', tax: -180_00 },
    ]);
  });

  it('reports a reverse-charge invoice and its note with rchrg Y and their tax, carrying none of it as the supplier\'s', () => {
    const registered = { ctin: '29AAACR5055K1Z3', gstTreatment: 'REGISTERED', pos: '29', reverseCharge: true };
    const intra = line({ rateCenti: 500, txval: 20_000_00, iamt: 0, camt: 500_00, samt: 500_00 });
    const { sections, carried } = gstr1Sections(
      [doc({ ...registered, value: 20_000_00, lines: [intra] })],
      [note({ ...registered, id: 'cn_1', number: 'CN-1', value: 4000_00, lines: [line({ rateCenti: 500, txval: 4000_00, iamt: 0, camt: 100_00, samt: 100_00 })] })],
    );
    // ₹20,000 at 5%: CGST and SGST ₹500 each, the recipient's to pay; the invoice's value is ₹20,000.
    expect(sections.b2b).toEqual([{ ctin: '29AAACR5055K1Z3', inv: [{ inum: 'INV-1', idt: '10-08-2024', val: 20000, pos: '29', rchrg: 'Y', inv_typ: 'R',
      itms: [{ num: 1, itm_det: { rt: 5, txval: 20000, iamt: 0, camt: 500, samt: 500, csamt: 0 } }] }] }]);
    expect(sections.cdnr[0]!.nt[0]).toMatchObject({ nt_num: 'CN-1', val: 4000, rchrg: 'Y' });
    expect(carried).toEqual([
      { source: 'INVOICE', sourceId: 'inv_1', number: 'INV-1', tax: 0 },
      { source: 'CREDIT_NOTE', sourceId: 'cn_1', number: 'CN-1', tax: 0 },
    ]);
  });
});
