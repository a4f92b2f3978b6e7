import { describe, expect, it } from 'vitest';
import { imsDocumentKey, imsStatusOf, type ImsStatusInput } from './ims-status.rules';

const creditNote = (over: Partial<ImsStatusInput>): ImsStatusInput => ({
  action: 'PENDING', documentType: 'CN', documentDate: '2025-10-15', gstr2bPeriod: '102025', quarterly: false, ...over,
});

describe('where a supplier document stands in IMS when GSTR-2B is generated', () => {
  it('is deemed accepted without action, whatever its type', () => {
    for (const documentType of ['INV', 'CN', 'DN'] as const) expect(imsStatusOf(creditNote({ action: null, documentType }))).toBe('DEEMED_ACCEPTED');
  });
  it('is accepted or rejected as acted on', () => {
    expect(imsStatusOf(creditNote({ action: 'ACCEPTED' }))).toBe('ACCEPTED');
    expect(imsStatusOf(creditNote({ action: 'REJECTED', documentType: 'INV' }))).toBe('REJECTED');
    expect(imsStatusOf(creditNote({ action: 'REJECTED', gstr2bPeriod: '032026' }))).toBe('REJECTED');
  });
  it('keeps an invoice or debit note pending as long as it is left so', () => {
    expect(imsStatusOf(creditNote({ documentType: 'INV', gstr2bPeriod: '032026' }))).toBe('PENDING');
    expect(imsStatusOf(creditNote({ documentType: 'DN', gstr2bPeriod: '032026' }))).toBe('PENDING');
  });
  it("keeps a monthly filer's credit note pending in its own month's 2B only: from the next month's it is deemed accepted", () => {
    expect(imsStatusOf(creditNote({ gstr2bPeriod: '102025' }))).toBe('PENDING');
    expect(imsStatusOf(creditNote({ gstr2bPeriod: '112025' }))).toBe('DEEMED_ACCEPTED');
  });
  it("keeps a quarterly (QRMP) filer's credit note pending through its quarter's 2B: from the next quarter's it is deemed accepted", () => {
    // Dated 15 October 2025: quarter October-December 2025.
    expect(imsStatusOf(creditNote({ quarterly: true, gstr2bPeriod: '122025' }))).toBe('PENDING');
    expect(imsStatusOf(creditNote({ quarterly: true, gstr2bPeriod: '012026' }))).toBe('DEEMED_ACCEPTED');
    // Across a year's end: December 2025 is in the same quarter as October, March 2026 in the next.
    expect(imsStatusOf(creditNote({ quarterly: true, documentDate: '2025-12-31', gstr2bPeriod: '122025' }))).toBe('PENDING');
    expect(imsStatusOf(creditNote({ quarterly: true, documentDate: '2025-12-31', gstr2bPeriod: '032026' }))).toBe('DEEMED_ACCEPTED');
  });
  it('counts the period from the 2B the credit note was reported in, when known, not from its date', () => {
    // Dated March 2025, reported in October 2025's GSTR-1: pending in October's 2B, deemed accepted in November's.
    expect(imsStatusOf(creditNote({ documentDate: '2025-03-15', reportedPeriod: '102025', gstr2bPeriod: '102025' }))).toBe('PENDING');
    expect(imsStatusOf(creditNote({ documentDate: '2025-03-15', reportedPeriod: '102025', gstr2bPeriod: '112025' }))).toBe('DEEMED_ACCEPTED');
  });
  it('never keeps a credit note reported before October 2025 pending', () => {
    expect(imsStatusOf(creditNote({ documentDate: '2025-09-20', gstr2bPeriod: '092025' }))).toBe('DEEMED_ACCEPTED');
  });
});

describe("a supplier document's IMS key", () => {
  it('is the same for each spelling of one number within its financial year', () => {
    const a = imsDocumentKey('27AAPFU0939F1ZV', 'INV', 'INV-0012', '2025-06-10');
    expect(a).toEqual({ supplierGstin: '27AAPFU0939F1ZV', documentType: 'INV', financialYear: '2025-26', numberKey: 'INV12' });
    expect(imsDocumentKey('27AAPFU0939F1ZV', 'INV', 'inv/12/2025-26', '2025-06-11')).toEqual(a);
    expect(imsDocumentKey('27AAPFU0939F1ZV', 'INV', 'INV-0012', '2026-06-10').financialYear).toBe('2026-27');
  });
});
