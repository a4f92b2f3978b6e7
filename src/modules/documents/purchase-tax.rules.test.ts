import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { assertNoteCanCorrect, importOfGoods, posRestricted, purchaseTaxTerms } from './purchase-tax.rules';

const refusal = (input: Parameters<typeof purchaseTaxTerms>[0]) => {
  try {
    purchaseTaxTerms(input);
  } catch (error) {
    return error as DomainError;
  }
  return null;
};

describe('how a bill is taxed', () => {
  const one = [null];
  const none = { importOfServices: false, imported: false };
  it.each([
    [{ vendorTreatment: 'REGISTERED', isRcm: undefined, inclusive: false, lineCodes: one }, { reverseCharge: false, ...none, goodsImported: [false] }],
    [{ vendorTreatment: 'REGISTERED', isRcm: true, inclusive: false, lineCodes: ['8471'] }, { reverseCharge: true, ...none, goodsImported: [false] }],
    [{ vendorTreatment: 'UNREGISTERED', isRcm: false, inclusive: true, lineCodes: one }, { reverseCharge: false, ...none, goodsImported: [false] }],
    [{ vendorTreatment: null, isRcm: true, inclusive: false, lineCodes: one }, { reverseCharge: true, ...none, goodsImported: [false] }],
    // From abroad: a SAC line, or one without a code, is an import of services under reverse charge.
    [{ vendorTreatment: 'OVERSEAS', isRcm: undefined, inclusive: false, lineCodes: one }, { reverseCharge: true, importOfServices: true, imported: true, goodsImported: [false] }],
    [{ vendorTreatment: 'OVERSEAS', isRcm: true, inclusive: false, lineCodes: ['998315'] }, { reverseCharge: true, importOfServices: true, imported: true, goodsImported: [false] }],
    // An HSN outside chapter 99 is goods: IGST at customs, no reverse charge, no tax on the line; tax-inclusive rates hold none.
    [{ vendorTreatment: 'OVERSEAS', isRcm: undefined, inclusive: false, lineCodes: ['8471'] }, { reverseCharge: false, importOfServices: false, imported: true, goodsImported: [true] }],
    [{ vendorTreatment: 'OVERSEAS', isRcm: false, inclusive: true, lineCodes: ['84713010', '7308'] }, { reverseCharge: false, importOfServices: false, imported: true, goodsImported: [true, true] }],
    // Goods and a service together: reverse charge for the service line alone.
    [{ vendorTreatment: 'OVERSEAS', isRcm: undefined, inclusive: false, lineCodes: ['8471', '998315'] }, { reverseCharge: true, importOfServices: true, imported: true, goodsImported: [true, false] }],
  ])('%j → %j', (input, terms) => {
    expect(purchaseTaxTerms(input)).toEqual(terms);
  });

  it('refuses is_rcm false for an OVERSEAS vendor\'s service: an import of services is taxed under reverse charge', () => {
    expect(refusal({ vendorTreatment: 'OVERSEAS', isRcm: false, inclusive: false, lineCodes: ['8471', null] })).toMatchObject({ code: 'validation.invalid_value', field: 'is_rcm' });
  });

  it('refuses is_rcm true for goods alone from an OVERSEAS vendor: their IGST is paid at customs', () => {
    expect(refusal({ vendorTreatment: 'OVERSEAS', isRcm: true, inclusive: false, lineCodes: ['8471'] })).toMatchObject({ code: 'validation.invalid_value', field: 'is_rcm' });
  });

  it.each([
    { vendorTreatment: 'REGISTERED', isRcm: true, inclusive: true, lineCodes: one },
    { vendorTreatment: 'OVERSEAS', isRcm: undefined, inclusive: true, lineCodes: ['8471', '9983'] },
  ])('refuses tax-inclusive rates under reverse charge: %j', (input) => {
    expect(refusal(input)).toMatchObject({ code: 'validation.invalid_value', field: 'is_inclusive_tax' });
  });
});

describe('an import of goods', () => {
  it('is an OVERSEAS vendor\'s line with an HSN outside chapter 99', () => {
    expect([importOfGoods('OVERSEAS', '8471'), importOfGoods('OVERSEAS', '0901'), importOfGoods('OVERSEAS', '9403')]).toEqual([true, true, true]);
    // A SAC, no code, or a vendor in India.
    expect([importOfGoods('OVERSEAS', '998315'), importOfGoods('OVERSEAS', null), importOfGoods('REGISTERED', '8471'), importOfGoods(null, '8471')]).toEqual([false, false, false, false]);
  });
});

describe('what a note may correct', () => {
  const lines = [{ line_item_id: 'li_1', itc_blocked_reason: '17(5)(b)' }, { line_item_id: 'li_2', itc_blocked_reason: null }];
  const refusal = (run: () => void) => {
    try {
      run();
    } catch (error) {
      return error as DomainError;
    }
    return null;
  };

  const home = { supplyType: 'INTRA', placeOfSupply: 'IN-KA' };
  it('an invoice\'s lines, and a bill\'s lines whose credit was claimed', () => {
    expect(refusal(() => assertNoteCanCorrect({ kind: 'invoice', ...home }, lines, ['li_1'], 'IN-KA'))).toBeNull();
    expect(refusal(() => assertNoteCanCorrect({ kind: 'bill', reverseCharge: false, ...home }, lines, ['li_2', 'li_2'], 'IN-KA'))).toBeNull();
  });

  it('not an import, nor a reverse-charge bill, nor one taxed in another state (400 on bill_id), nor a blocked line (400 on the note line naming it)', () => {
    expect(refusal(() => assertNoteCanCorrect({ kind: 'bill', imported: true, supplyType: 'INTER', placeOfSupply: 'IN-KA' }, lines, ['li_2'], 'IN-KA'))).toMatchObject({ field: 'bill_id' });
    expect(refusal(() => assertNoteCanCorrect({ kind: 'bill', reverseCharge: true, ...home }, lines, ['li_2'], 'IN-KA'))).toMatchObject({ field: 'bill_id' });
    // A Maharashtra hotel's CGST and SGST on a Karnataka branch's bill.
    expect(refusal(() => assertNoteCanCorrect({ kind: 'bill', supplyType: 'INTRA', placeOfSupply: 'IN-MH' }, lines, ['li_2'], 'IN-KA'))).toMatchObject({ field: 'bill_id' });
    expect(refusal(() => assertNoteCanCorrect({ kind: 'bill', ...home }, lines, ['li_2', 'li_1'], 'IN-KA'))).toMatchObject({ field: 'line_items[1].bill_line_item_id' });
  });
});

describe('credit restricted by place of supply', () => {
  it("restricts CGST and SGST of a state other than the branch's, and nothing else", () => {
    // A Maharashtra hotel's bill to a Karnataka branch.
    expect(posRestricted('INTRA', 'IN-MH', 'IN-KA')).toBe(true);
    // Bought at home, or across states with IGST, which the branch's GSTIN claims.
    expect(posRestricted('INTRA', 'IN-KA', 'IN-KA')).toBe(false);
    expect(posRestricted('INTER', 'IN-MH', 'IN-KA')).toBe(false);
    expect(posRestricted('INTER', 'IN-KA', 'IN-KA')).toBe(false);
  });
});
