import { describe, expect, it } from 'vitest';
import { financialYearLabel } from '../../kernel/local-date';
import { documentNumberKey } from './document-number.rules';
import type { BooksDocument, Gstr2bDocument } from './itc-documents';
import { matchDocuments, supplierDocumentKey, type ManualDecision } from './matcher.rules';

const SUPPLIER = '27AAPFU0939F1ZV';
const OTHER = '29AABCB1234F1Z4';
const RUPEE = 100;
const options = (decisions: ManualDecision[] = []) => ({ tolerance: RUPEE, decisions, period: '062026' });

/** A June 2026 2B invoice of ₹10,000 with ₹900 CGST and SGST unless told otherwise. */
function portal(number: string, extra: Partial<Gstr2bDocument> = {}): Gstr2bDocument {
  const documentDate = extra.documentDate ?? '2026-06-10';
  const financialYear = financialYearLabel(documentDate);
  return {
    id: `g2bd_${number}`, period: '062026', section: 'b2b', rejected: false, supplierGstin: SUPPLIER, supplierName: 'Udyog Supplies', documentType: 'INV',
    documentNumber: number, numberKey: documentNumberKey(number, financialYear), financialYear, documentDate, supplierPeriod: '062026', supplierFiledOn: '2026-07-11',
    originalNumber: null, originalDate: null, placeOfSupply: '29', reverseCharge: false, itcAvailable: 'Y', itcUnavailableReason: null, portCode: null,
    documentValue: 1_180_000, taxableValue: 1_000_000, igst: 0, cgst: 90_000, sgst: 90_000, cess: 0, ...extra,
  };
}

/** The same invoice as a bill in the books. */
function bill(id: string, number: string, extra: Partial<BooksDocument> = {}): BooksDocument {
  const documentDate = extra.documentDate ?? '2026-06-10';
  const financialYear = financialYearLabel(documentDate);
  return {
    type: 'bill', id, supplierGstin: SUPPLIER, supplierName: 'Udyog Supplies', documentType: 'INV', documentNumber: number,
    numberKey: documentNumberKey(number, financialYear), financialYear, documentDate, taxableValue: 1_000_000, igst: 0, cgst: 90_000, sgst: 90_000, cess: 0, ...extra,
  };
}

describe('GSTR-2B matched to the books', () => {
  it('pairs by the normalised number: case, separators, leading zeros and the financial year written in', () => {
    for (const [portalNumber, booksNumber] of [['INV/0012/2026-27', 'inv-12'], ['INV 12', 'Inv.12'], ['A-007', 'a7'], ['FY26-27/INV12', 'INV-012']]) {
      const [pair] = matchDocuments([portal(portalNumber!)], [bill('bill_1', booksNumber!)], options());
      expect(pair, `${portalNumber} ~ ${booksNumber}`).toMatchObject({ status: 'matched', basis: 'number', differences: [], crossPeriod: false, eligible: { cgst: 90_000, sgst: 90_000 } });
    }
  });

  it('takes a difference of ₹1.00 per figure as equal and ₹1.01 as a difference, head by head', () => {
    for (const field of ['taxableValue', 'igst', 'cgst', 'sgst', 'cess'] as const) {
      const within = matchDocuments([portal('INV-1')], [bill('bill_1', 'INV-1', { [field]: portal('INV-1')[field] + 100 })], options());
      expect(within[0]!.status, field).toBe('matched');
      const beyond = matchDocuments([portal('INV-1')], [bill('bill_1', 'INV-1', { [field]: portal('INV-1')[field] + 101 })], options());
      expect(beyond[0]!.status, field).toBe('mismatched');
      expect(beyond[0]!.differences, field).toHaveLength(1);
    }
  });

  it('lists each differing figure with both values and allows the lower credit of the two per head', () => {
    // 2B: CGST 900.00, SGST 900.00. Books: CGST 950.00, SGST 850.00, taxable 10,500.00. Eligible: 900.00 and 850.00.
    const [pair] = matchDocuments([portal('INV-1')], [bill('bill_1', 'INV-1', { taxableValue: 1_050_000, cgst: 95_000, sgst: 85_000, documentDate: '2026-06-11' })], options());
    expect(pair).toMatchObject({
      status: 'mismatched', basis: 'number',
      differences: [
        { field: 'document_date', gstr2b: '2026-06-10', books: '2026-06-11' },
        { field: 'taxable_value', gstr2b: 1_000_000, books: 1_050_000 },
        { field: 'cgst', gstr2b: 90_000, books: 95_000 },
        { field: 'sgst', gstr2b: 90_000, books: 85_000 },
      ],
      eligible: { igst: 0, cgst: 90_000, sgst: 85_000, cess: 0 },
    });
  });

  it("takes a credit note's larger reduction: the lower credit", () => {
    const note = portal('CN-4', { documentType: 'CN', section: 'cdnr', taxableValue: 100_000, cgst: 9_000, sgst: 9_000 });
    const [pair] = matchDocuments([note], [bill('vc_1', 'CN-4', { type: 'vendor_credit', documentType: 'CN', taxableValue: 80_000, cgst: 7_200, sgst: 7_200 })], options());
    // 9,000 paise reported by the supplier against 7,200 in the books: the credit goes down by 90.00 a head.
    expect(pair).toMatchObject({ status: 'mismatched', eligible: { cgst: 9_000, sgst: 9_000 } });
  });

  it('pairs a rejected document the same way, allowing no credit', () => {
    const [pair] = matchDocuments([portal('INV-1', { rejected: true })], [bill('bill_1', 'INV-1')], options());
    expect(pair).toMatchObject({ status: 'matched', eligible: { igst: 0, cgst: 0, sgst: 0, cess: 0 } });
  });

  it('says when the books date the document in another month than the 2B reports it', () => {
    const [pair] = matchDocuments([portal('INV-9', { documentDate: '2026-05-28' })], [bill('bill_1', 'INV-9', { documentDate: '2026-05-28' })], options());
    expect(pair).toMatchObject({ status: 'matched', crossPeriod: true });
  });

  it('never pairs the same number in two financial years', () => {
    const pairs = matchDocuments([portal('INV-1', { documentDate: '2026-04-02' })], [bill('bill_1', 'INV-1', { documentDate: '2026-03-30' })], options());
    // 2 April 2026 is 2026-27 and 30 March 2026 is 2025-26; the amounts and dates are close, so they are a suggestion, not a match.
    expect(pairs.map((p) => [p.status, p.basis])).toEqual([['suggested', 'amount_and_date']]);
    expect(pairs[0]!.eligible).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
  });

  it('suggests the nearest date by the same supplier and type within 30 days and the tolerance; leaves the rest alone', () => {
    const pairs = matchDocuments([portal('INV-77', { documentDate: '2026-06-20' })], [
      bill('far', 'X-1', { documentDate: '2026-06-01' }),
      bill('near', 'X-2', { documentDate: '2026-06-18' }),
      bill('other_supplier', 'X-3', { supplierGstin: OTHER, documentDate: '2026-06-20' }),
      bill('other_amount', 'X-4', { cgst: 90_101, documentDate: '2026-06-20' }),
      bill('too_early', 'X-5', { documentDate: '2026-05-20' }),
    ], options());
    expect(pairs.map((p) => [p.status, p.books?.id ?? null])).toEqual([
      ['suggested', 'near'], ['missing_in_2b', 'far'], ['missing_in_2b', 'other_supplier'], ['missing_in_2b', 'other_amount'], ['missing_in_2b', 'too_early'],
    ]);
    expect(pairs[0]!.differences).toEqual([
      { field: 'document_number', gstr2b: 'INV-77', books: 'X-2' },
      { field: 'document_date', gstr2b: '2026-06-20', books: '2026-06-18' },
    ]);
  });

  it("follows a person: a link pairs first and is compared, a refusal forbids the pair by number or as a suggestion", () => {
    const g = portal('INV-5');
    const key = supplierDocumentKey(g);
    const linked = matchDocuments([g], [bill('by_number', 'INV-5'), bill('chosen', 'B-99', { cgst: 80_000 })], options([{ gstr2bKey: key, booksId: 'chosen', decision: 'LINKED' }]));
    expect(linked.map((p) => [p.status, p.basis, p.books?.id])).toEqual([['mismatched', 'manual', 'chosen'], ['missing_in_2b', null, 'by_number']]);
    expect(linked[0]!.eligible).toMatchObject({ cgst: 80_000, sgst: 90_000 });

    const refused = matchDocuments([g], [bill('by_number', 'INV-5'), bill('lookalike', 'B-1')], options([
      { gstr2bKey: key, booksId: 'by_number', decision: 'REFUSED' }, { gstr2bKey: key, booksId: 'lookalike', decision: 'REFUSED' },
    ]));
    expect(refused.map((p) => [p.status, p.gstr2b?.documentNumber ?? p.books?.id])).toEqual([['missing_in_books', 'INV-5'], ['missing_in_2b', 'by_number'], ['missing_in_2b', 'lookalike']]);
  });

  it('pairs each side at most once', () => {
    const pairs = matchDocuments([portal('INV-1'), portal('INV-01')], [bill('only', 'INV-1')], options());
    expect(pairs.map((p) => [p.status, p.books?.id ?? null])).toEqual([['matched', 'only'], ['missing_in_books', null]]);
  });

  it('matches 20,000 documents against 20,000', () => {
    // Even documents of the books carry the 2B's number; odd ones another number, a day later: suggested. Every tenth 2B document is not in the books.
    const n = 20_000;
    const suppliers = Array.from({ length: 200 }, (_, i) => `27AAPFU${String(i).padStart(4, '0')}F1ZV`);
    const gstr2b: Gstr2bDocument[] = [];
    const books: BooksDocument[] = [];
    for (let i = 0; i < n; i++) {
      const supplierGstin = suppliers[i % suppliers.length]!;
      const amounts = { taxableValue: 100_000 + i * 1_000, cgst: 9_000 + i * 90, sgst: 9_000 + i * 90 };
      gstr2b.push(portal(`INV/${i}/2026-27`, { id: `g${i}`, supplierGstin, ...amounts }));
      if (i % 10 === 9) continue;
      books.push(bill(`b${i}`, i % 2 === 0 ? `inv-${i}` : `OUR-${i}`, { supplierGstin, documentDate: i % 2 === 0 ? '2026-06-10' : '2026-06-11', ...amounts }));
    }
    const counts: Record<string, number> = {};
    for (const p of matchDocuments(gstr2b, books, options())) counts[p.status] = (counts[p.status] ?? 0) + 1;
    // 20,000 ÷ 10 = 2,000 missing; of the 18,000 in the books, 10,000 even ones match and 8,000 odd ones are suggested.
    expect(counts).toEqual({ matched: 10_000, suggested: 8_000, missing_in_books: 2_000 });
  });
});
