import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { assertNoteCanCorrect, posRestricted, purchaseTaxTerms } from './purchase-tax.rules';

const refusal = (input: Parameters<typeof purchaseTaxTerms>[0]) => {
  try {
    purchaseTaxTerms(input);
  } catch (error) {
    return error as DomainError;
  }
  return null;
};

describe('how a bill is taxed', () => {
  it.each([
    [{ vendorTreatment: 'REGISTERED', isRcm: undefined, inclusive: false }, { reverseCharge: false, importOfServices: false }],
    [{ vendorTreatment: 'REGISTERED', isRcm: true, inclusive: false }, { reverseCharge: true, importOfServices: false }],
    [{ vendorTreatment: 'UNREGISTERED', isRcm: false, inclusive: true }, { reverseCharge: false, importOfServices: false }],
    [{ vendorTreatment: null, isRcm: true, inclusive: false }, { reverseCharge: true, importOfServices: false }],
    [{ vendorTreatment: 'OVERSEAS', isRcm: undefined, inclusive: false }, { reverseCharge: true, importOfServices: true }],
    [{ vendorTreatment: 'OVERSEAS', isRcm: true, inclusive: false }, { reverseCharge: true, importOfServices: true }],
  ])('%j → %j', (input, terms) => {
    expect(purchaseTaxTerms(input)).toEqual(terms);
  });

  it('refuses is_rcm false for an OVERSEAS vendor: an import of services is taxed under reverse charge', () => {
    expect(refusal({ vendorTreatment: 'OVERSEAS', isRcm: false, inclusive: false })).toMatchObject({ code: 'validation.invalid_value', field: 'is_rcm' });
  });

  it.each([
    { vendorTreatment: 'REGISTERED', isRcm: true, inclusive: true },
    { vendorTreatment: 'OVERSEAS', isRcm: undefined, inclusive: true },
  ])('refuses tax-inclusive rates under reverse charge: %j', (input) => {
    expect(refusal(input)).toMatchObject({ code: 'validation.invalid_value', field: 'is_inclusive_tax' });
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

  it('not a reverse-charge bill, nor one taxed in another state (400 on bill_id), nor a blocked line (400 on the note line naming it)', () => {
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
