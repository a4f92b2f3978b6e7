import { describe, expect, it } from 'vitest';
import { creditReductionOf } from './ims-action.rules';

const error = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    const { code, field } = e as { code: string; field: string };
    return { code, field };
  }
  throw new Error('no error');
};

describe('the credit reduced on accepting a credit note', () => {
  it('is FULL when an accepted credit note declares nothing, and nothing on any other action or document', () => {
    expect(creditReductionOf('ACCEPTED', 'CN', undefined)).toEqual({ kind: 'FULL', remark: null, igst: null, cgst: null, sgst: null, cess: null });
    expect(creditReductionOf('REJECTED', 'CN', undefined)).toBeNull();
    expect(creditReductionOf('ACCEPTED', 'INV', undefined)).toBeNull();
  });
  it('is PARTIAL in paise per head, missing heads zero', () => {
    expect(creditReductionOf('ACCEPTED', 'CN', { kind: 'PARTIAL', cgst: 450.5, sgst: 450.5, remark: 'Half the credit was taken' }))
      .toEqual({ kind: 'PARTIAL', remark: 'Half the credit was taken', igst: 0, cgst: 45050, sgst: 45050, cess: 0 });
  });
  it('is refused on anything but an accepted credit note', () => {
    expect(error(() => creditReductionOf('PENDING', 'CN', { kind: 'FULL' }))).toEqual({ code: 'validation.invalid_value', field: 'credit_reduction' });
    expect(error(() => creditReductionOf('ACCEPTED', 'DN', { kind: 'FULL' }))).toEqual({ code: 'validation.invalid_value', field: 'credit_reduction' });
  });
  it('needs amounts with PARTIAL, none otherwise, and a remark unless FULL', () => {
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'PARTIAL', remark: 'r' }))).toEqual({ code: 'validation.required_field', field: 'credit_reduction' });
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'PARTIAL', igst: 0, remark: 'r' }))).toEqual({ code: 'validation.invalid_value', field: 'credit_reduction' });
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'FULL', igst: 10 }))).toEqual({ code: 'validation.invalid_value', field: 'credit_reduction.igst' });
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'NONE' }))).toEqual({ code: 'validation.required_field', field: 'credit_reduction.remark' });
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'PARTIAL', igst: 10, remark: '  ' }))).toEqual({ code: 'validation.required_field', field: 'credit_reduction.remark' });
  });
  it('keeps CGST equal to SGST, and IGST apart from them', () => {
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'PARTIAL', cgst: 10, sgst: 9, remark: 'r' }))).toEqual({ code: 'validation.invalid_value', field: 'credit_reduction.sgst' });
    expect(error(() => creditReductionOf('ACCEPTED', 'CN', { kind: 'PARTIAL', igst: 5, cgst: 10, sgst: 10, remark: 'r' }))).toEqual({ code: 'validation.invalid_value', field: 'credit_reduction.igst' });
  });
});
