import { describe, expect, it } from 'vitest';
import { buildEInvoice, einvoiceParties, inrLines, irpDate, supplyTypeOf, type EInvoiceSource } from './einvoice.builder';
import { einvoiceProblems } from './einvoice.rules';

const party = { gstin: '29AABCB1234F1Z4', legalName: 'Seller Pvt. Ltd.', tradeName: null, address: '1, MG Road', city: 'Bengaluru', zip: '560001', stcd: '29' };
const line = { name: 'Mouse', description: null, hsnOrSac: '8471', quantityMilli: 2000, unit: 'nos', isService: false, rate: 50_000, discount: 0, taxRateCenti: 1800, itemTotal: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 };
const source = (extra: Partial<EInvoiceSource> = {}): EInvoiceSource => ({
  typ: 'INV', number: 'INV/26-27/001', date: '2026-06-10', gstTreatment: 'REGISTERED', exportType: null, pos: '29', currency: 'INR',
  rateMicro: 1_000_000, roundOff: 0, total: 118_000, seller: party, buyer: { ...party, gstin: '29AAACR5055K1Z3', country: 'India' },
  lines: [line], precedingInvoice: null, ...extra,
});
const fields = (src: EInvoiceSource, hsnDigits = 4) => einvoiceProblems(buildEInvoice(src, supplyTypeOf(src.gstTreatment, src.exportType, src.pos)!), hsnDigits).map((p) => p.field);

describe('supplyTypeOf', () => {
  // An export is place of supply 96 whoever the buyer; an OVERSEAS buyer served in India (29) is B2C.
  it.each([
    ['REGISTERED', null, '29', 'B2B'], ['REGISTERED_COMPOSITION', null, '27', 'B2B'], ['SEZ', 'WPAY', '24', 'SEZWP'], ['SEZ', 'WOPAY', '24', 'SEZWOP'],
    ['OVERSEAS', 'WPAY', '96', 'EXPWP'], ['OVERSEAS', 'WOPAY', '96', 'EXPWOP'], ['UNREGISTERED', 'WOPAY', '96', 'EXPWOP'], ['DEEMED_EXPORT', null, '29', 'DEXP'],
    ['OVERSEAS', null, '29', null], ['UNREGISTERED', null, '29', null], ['CONSUMER', null, '29', null], [null, null, '29', null],
  ])('%s %s at %s is %s', (treatment, exportType, pos, expected) => {
    expect(supplyTypeOf(treatment, exportType, pos)).toBe(expected);
  });
});

describe('buildEInvoice', () => {
  it('writes dates DD/MM/YYYY', () => expect(irpDate('2026-04-01')).toBe('01/04/2026'));

  it('converts a foreign-currency line to INR line by line, the totals the sums of the converted lines', () => {
    // USD 33.33 at 83.3333: 2,777.4989 → ₹2,777.50; IGST USD 6.00 → ₹499.9998 → ₹500.00; total USD 39.33 → 3,277.4987 → ₹3,277.50.
    const payload = buildEInvoice(source({
      gstTreatment: 'OVERSEAS', exportType: 'WPAY', pos: '96', currency: 'USD', rateMicro: 83_333_300, total: 3_933,
      lines: [{ ...line, quantityMilli: 1000, rate: 3_333, itemTotal: 3_333, cgst: 0, sgst: 0, igst: 600 }],
    }), 'EXPWP');
    expect(payload.ItemList[0]).toMatchObject({ UnitPrice: 2777.5, AssAmt: 2777.5, IgstAmt: 500, TotItemVal: 3277.5 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 2777.5, IgstVal: 500, TotInvVal: 3277.5, TotInvValFc: 39.33 });
    expect(payload.BuyerDtls).toMatchObject({ Gstin: 'URP', Pin: 999999, Stcd: '96', Pos: '96' });
    expect(payload.ExpDtls).toEqual({ ForCur: 'USD', RefClm: 'Y' });
  });

  it('gives a tax-inclusive line the gross per unit as UnitPrice, to three decimals', () => {
    // 3 at ₹472 inclusive of 18%: taxable ₹1,200 (1,416 / 1.18), so UnitPrice 1,200 / 3 = 400.000;
    // 3 at ₹393.33 inclusive: taxable ₹1,000.00, UnitPrice 1,000 / 3 = 333.333.
    const inclusive = (rate: number, itemTotal: number) => buildEInvoice(source({
      lines: [{ ...line, quantityMilli: 3000, rate, itemTotal, cgst: 0, sgst: 0 }], total: itemTotal,
    }), 'B2B').ItemList[0];
    expect(inclusive(47_200, 120_000)).toMatchObject({ UnitPrice: 400, TotAmt: 1200, AssAmt: 1200 });
    expect(inclusive(39_333, 100_000)).toMatchObject({ UnitPrice: 333.333, TotAmt: 1000, AssAmt: 1000 });
    // An exclusive line keeps its rate: 2 × 500 = 1,000.
    expect(buildEInvoice(source(), 'B2B').ItemList[0]).toMatchObject({ UnitPrice: 500, TotAmt: 1000 });
  });

  it('splits address lines into Addr1 and Addr2', () => {
    const payload = buildEInvoice(source({ seller: { ...party, address: 'Unit 4\nTech Park\nWhitefield' } }), 'B2B');
    expect(payload.SellerDtls).toMatchObject({ Addr1: 'Unit 4', Addr2: 'Tech Park, Whitefield' });
  });
});

describe('inrLines', () => {
  it("converts each tax head's document total once, as the books post it, spread by largest remainder", () => {
    // Two cables of USD 0.50, IGST USD 0.09 each, at ₹83.50: ₹7.515 each, ₹15.03 together (not 7.52 + 7.52).
    const cable = { ...line, quantityMilli: 1000, rate: 50, itemTotal: 50, cgst: 0, sgst: 0, igst: 9 };
    expect(inrLines([cable, cable], 83_500_000).map((l) => [l.taxable, l.igst])).toEqual([[4175, 752], [4175, 751]]);
    // In INR nothing moves.
    expect(inrLines([line, line], 1_000_000).map((l) => [l.taxable, l.cgst, l.sgst])).toEqual([[100_000, 9_000, 9_000], [100_000, 9_000, 9_000]]);
  });
});

describe('einvoiceProblems', () => {
  it('finds none in a sound invoice', () => expect(fields(source())).toEqual([]));

  it('lists every problem at once: PINs, HSN, number, GSTIN', () => {
    expect(fields(source({
      number: '0INV 1',
      seller: { ...party, zip: null }, buyer: { ...party, gstin: null, zip: '5600', country: 'India' },
      lines: [{ ...line, hsnOrSac: null }, { ...line, hsnOrSac: '84713' }, { ...line, hsnOrSac: '8471' }],
      total: 354_000,
    }), 6)).toEqual([
      'DocDtls.No', 'DocDtls.No', 'SellerDtls.Pin', 'BuyerDtls.Pin', 'BuyerDtls.Gstin',
      'ItemList[0].HsnCd', 'ItemList[1].HsnCd', 'ItemList[2].HsnCd',
    ]);
  });

  it('refuses a number of 17 characters and takes one of 16', () => {
    expect(fields(source({ number: 'INV/2026-27/0001' }))).toEqual([]);
    expect(fields(source({ number: 'INV/2026-27/00001' }))).toEqual(['DocDtls.No']);
  });

  it('refuses IGST on an intra-state item', () => {
    expect(fields(source({ lines: [{ ...line, cgst: 0, sgst: 0, igst: 18_000 }] }))).toEqual(['ItemList[0].IgstAmt']);
  });

  it('takes TotInvVal within ₹1 of the items and refuses it beyond', () => {
    // Items ₹1,180.00: a total of ₹1,181.00 is within ₹1, ₹1,181.01 is not.
    expect(fields(source({ total: 118_100 }))).toEqual([]);
    expect(fields(source({ total: 118_101 }))).toEqual(['ValDtls.TotInvVal']);
  });

  it('marks a reverse-charge supply RegRev Y: the tax stated, TotItemVal and TotInvVal without it, as the IRP takes them', () => {
    // ₹1,000 + CGST ₹90 + SGST ₹90 stated; the buyer is charged ₹1,000.
    const payload = buildEInvoice(source({ reverseCharge: true, total: 100_000 }), 'B2B');
    expect(payload.TranDtls.RegRev).toBe('Y');
    expect(payload.ItemList[0]).toMatchObject({ AssAmt: 1000, CgstAmt: 90, SgstAmt: 90, TotItemVal: 1000 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 1000, CgstVal: 90, SgstVal: 90, TotInvVal: 1000 });
    expect(einvoiceProblems(payload, 4)).toEqual([]);
  });

  it('refuses an AssVal that is not the sum of AssAmt', () => {
    const payload = buildEInvoice(source(), 'B2B');
    payload.ValDtls.AssVal = 1000.01;
    expect(einvoiceProblems(payload, 4).map((p) => p.field)).toEqual(['ValDtls.AssVal']);
  });
});

describe('the parties', () => {
  it("refuses a state code that is not the GSTIN's, names and cities too short or too long, and an address two lines cannot hold", () => {
    expect(fields(source({
      seller: { ...party, stcd: '27', city: 'x'.repeat(51) },
      buyer: { ...party, gstin: '29AAACR5055K1Z3', legalName: 'AB', tradeName: 'y'.repeat(101), address: 'z'.repeat(99) + ' ' + 'w'.repeat(101), country: 'India' },
    }))).toEqual(['SellerDtls.Loc', 'SellerDtls.Stcd', 'BuyerDtls.LglNm', 'BuyerDtls.TrdNm', 'BuyerDtls.Addr2']);
  });

  it('sets IgstOnIntra Y on a supply to an SEZ in the seller\'s state, which then may bear IGST', () => {
    const sez = source({ gstTreatment: 'SEZ', exportType: 'WPAY', lines: [{ ...line, cgst: 0, sgst: 0, igst: 18_000 }] });
    const payload = buildEInvoice(sez, 'SEZWP');
    expect(payload.TranDtls.IgstOnIntra).toBe('Y');
    expect(einvoiceProblems(payload, 4)).toEqual([]);
    expect(buildEInvoice({ ...sez, pos: '27' }, 'SEZWP').TranDtls.IgstOnIntra).toBe('N');
  });

  it('ships to another place: ShipDtls with the buyer\'s GSTIN in its state, none elsewhere, URP at 999999 abroad on an export', () => {
    const place = { address: 'Godown 3', city: 'Mysuru', zip: '570016', stcd: '29' };
    expect(einvoiceParties({ ...source(), shipTo: place }, 'B2B').ShipDtls).toMatchObject({ Gstin: '29AAACR5055K1Z3', Loc: 'Mysuru', Pin: 570016, Stcd: '29' });
    expect(einvoiceParties({ ...source(), shipTo: { ...place, stcd: '27' } }, 'B2B').ShipDtls).not.toHaveProperty('Gstin');
    expect(einvoiceParties({ ...source(), shipTo: { ...place, stcd: null } }, 'EXPWOP').ShipDtls).toMatchObject({ Gstin: 'URP', Pin: 999_999, Stcd: '96' });
    expect(einvoiceParties(source(), 'B2B').ShipDtls).toBeUndefined();
  });
});
