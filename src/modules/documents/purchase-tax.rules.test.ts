import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { purchaseTaxTerms } from './purchase-tax.rules';

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
