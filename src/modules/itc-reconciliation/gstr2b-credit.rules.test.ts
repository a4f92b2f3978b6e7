import { describe, expect, it } from 'vitest';
import { buildTable4, type ImsStanding, type Table4Input } from './gstr2b-credit.rules';
import type { BooksDocument, Gstr2bDocument, TaxHeads } from './itc-documents';
import type { Pair } from './matcher.rules';

const SUPPLIER = '29AAACB2894G1ZJ';
const heads = (igst: number, cgst = 0, sgst = 0, cess = 0): TaxHeads => ({ igst, cgst, sgst, cess });
const none = heads(0);

function twoB(number: string, tax: TaxHeads, more: Partial<Gstr2bDocument> = {}): Gstr2bDocument {
  return {
    id: `g2bd_${number}`, period: '082025', section: 'b2b', rejected: false, supplierGstin: SUPPLIER, supplierName: 'Bharat Steel', documentType: 'INV',
    numberKey: number, financialYear: '2025-26', documentNumber: number, documentDate: '2025-08-10', supplierPeriod: '082025', supplierFiledOn: '2025-09-11',
    originalNumber: null, originalDate: null, placeOfSupply: '27', reverseCharge: false, itcAvailable: 'Y', itcUnavailableReason: null, portCode: null,
    documentValue: 0, taxableValue: 100_000_00, ...tax, ...more,
  };
}
function books(number: string, tax: TaxHeads, more: Partial<BooksDocument> = {}): BooksDocument {
  return {
    type: 'bill', id: `bill_${number}`, supplierGstin: SUPPLIER, supplierName: 'Bharat Steel', documentType: 'INV', numberKey: number, financialYear: '2025-26',
    documentNumber: number, documentDate: '2025-08-10', taxableValue: 100_000_00, ...tax, ...more,
  };
}
const pair = (status: Pair['status'], g: Gstr2bDocument | null, b: BooksDocument | null, eligible: TaxHeads = g ?? none): Pair => ({
  status, gstr2b: g, books: b, differences: [], crossPeriod: false, basis: g && b ? 'number' : null, eligible,
});

const accepted: ImsStanding = { status: 'DEEMED_ACCEPTED' };
function table4(pairs: Pair[], more: Partial<Table4Input> = {}) {
  return buildTable4({
    pairs, period: { from: '2025-08-01', to: '2025-08-31' }, inPeriod: (p) => p === '082025', imsStanding: () => accepted,
    reverseCharge: { IMPS: none, ISRC: none, blocked: none }, rule37: { reversed: none, reclaimed: none }, ...more,
  });
}

describe('GSTR-3B table 4 on the GSTR-2B basis', () => {
  it('claims a matched invoice in 4(A)(5) at the figures 2B reports, with no difference from the books', () => {
    const t = table4([pair('matched', twoB('A1', heads(18_000_00)), books('A1', heads(18_000_00)))]);
    expect(t.available.OTH).toEqual(heads(18_000_00));
    expect(t.reversed.OTH).toEqual(none);
    expect(t.differences).toEqual([]);
  });

  it('claims the lower of the two per head when they differ, and lists the document', () => {
    // 2B: CGST 9,000 + SGST 9,000; books 9,100 + 9,100: the lower is 2B's.
    const g = twoB('A2', heads(0, 9_000_00, 9_000_00));
    const t = table4([pair('mismatched', g, books('A2', heads(0, 9_100_00, 9_100_00)), heads(0, 9_000_00, 9_000_00))]);
    expect(t.available.OTH).toEqual(heads(0, 9_000_00, 9_000_00));
    expect(t.differences).toMatchObject([{ reason: 'amounts_differ', booksCredit: heads(0, 9_100_00, 9_100_00), gstr2bCredit: heads(0, 9_000_00, 9_000_00) }]);
  });

  it('defers a bill 2B does not report: no table, listed as not in 2B', () => {
    const t = table4([pair('missing_in_2b', null, books('A3', heads(5_400_00)), none)]);
    expect(t.available.OTH).toEqual(none);
    expect(t.differences).toMatchObject([{ reason: 'not_in_gstr2b', booksCredit: heads(5_400_00), gstr2bCredit: none }]);
  });

  it('claims a 2B invoice the books lack and reverses it in 4(B)(2) until the goods are booked; reclaims it in the month they are', () => {
    const g = twoB('A4', heads(3_600_00));
    const august = table4([pair('missing_in_books', g, null)]);
    expect(august.available.OTH).toEqual(heads(3_600_00));
    expect(august.reversed.OTH).toEqual(heads(3_600_00));
    expect(august.differences).toMatchObject([{ reason: 'not_in_books', gstr2bCredit: none }]);
    // Booked on 5 September: the September return reclaims it in 4(A)(5) and 4(D)(1).
    const september = buildTable4({
      pairs: [pair('matched', g, books('A4', heads(3_600_00), { documentDate: '2025-09-05' }))], period: { from: '2025-09-01', to: '2025-09-30' },
      inPeriod: (p) => p === '092025', imsStanding: () => accepted, reverseCharge: { IMPS: none, ISRC: none, blocked: none }, rule37: { reversed: none, reclaimed: none },
    });
    expect(september.available.OTH).toEqual(heads(3_600_00));
    expect(september.ineligible.RUL).toEqual(heads(3_600_00));
    expect(september.differences).toEqual([]);
  });

  it('gives no credit for a document rejected in IMS or kept pending', () => {
    const rejected = twoB('A5', heads(1_800_00), { rejected: true });
    const pending = twoB('A6', heads(900_00));
    const t = table4([pair('matched', rejected, books('A5', heads(1_800_00))), pair('matched', pending, books('A6', heads(900_00)))], {
      imsStanding: (d) => (d.id === pending.id ? { status: 'PENDING' } : accepted),
    });
    expect(t.available.OTH).toEqual(none);
    expect(t.differences.map((d) => d.reason)).toEqual(['rejected', 'pending']);
  });

  it("reports 2B's unavailable credit (itcavl N) in 4(D)(2), not 4(A)", () => {
    const t = table4([pair('matched', twoB('A7', heads(2_700_00), { itcAvailable: 'N', itcUnavailableReason: 'C' }), books('A7', heads(2_700_00)))]);
    expect(t.available.OTH).toEqual(none);
    expect(t.ineligible.OTH).toEqual(heads(2_700_00));
  });

  it("nets a supplier's credit note against 4(A)(5), reduced as accepted; more than the period's credit goes to 4(B)(2)", () => {
    const invoice = pair('matched', twoB('A8', heads(1_000_00)), books('A8', heads(1_000_00)));
    const note = twoB('C1', heads(2_500_00), { section: 'cdnr', documentType: 'CN' });
    const partly = table4([invoice, pair('matched', note, books('C1', heads(2_500_00), { type: 'vendor_credit', documentType: 'CN' }))], {
      imsStanding: (d) => (d.id === note.id ? { status: 'ACCEPTED', reduction: heads(600_00) } : accepted),
    });
    // 1,000 claimed less the 600 the recipient reduces.
    expect(partly.available.OTH).toEqual(heads(400_00));
    const whole = table4([invoice, pair('matched', note, books('C1', heads(2_500_00), { type: 'vendor_credit', documentType: 'CN' }))]);
    // 1,000 − 2,500 = −1,500: 4(A)(5) stays 0 and 1,500 is reversed.
    expect(whole.available.OTH).toEqual(none);
    expect(whole.reversed.OTH).toEqual(heads(1_500_00));
  });

  it('puts a matched Bill of Entry in 4(A)(1), ISD in 4(A)(4), the books reverse charge in 4(A)(2)/(3) and Rule 37 in 4(B)(2) and 4(D)(1)', () => {
    const boe = twoB('BE1', heads(36_000_00), { section: 'impg', documentType: 'BOE', supplierGstin: null });
    const isd = twoB('ISD1', heads(0, 500_00, 500_00), { section: 'isd', documentType: 'ISDI' });
    const t = table4([pair('matched', boe, books('BE1', heads(36_000_00), { type: 'bill_of_entry', documentType: 'BOE', supplierGstin: null })), pair('missing_in_books', isd, null)], {
      reverseCharge: { IMPS: heads(1_800_00), ISRC: heads(0, 450_00, 450_00), blocked: heads(0, 450_00, 450_00) },
      rule37: { reversed: heads(720_00), reclaimed: heads(90_00) },
    });
    expect(t.available.IMPG).toEqual(heads(36_000_00));
    expect(t.available.ISD).toEqual(heads(0, 500_00, 500_00));
    expect(t.available.IMPS).toEqual(heads(1_800_00));
    expect(t.available.ISRC).toEqual(heads(0, 450_00, 450_00));
    expect(t.available.OTH).toEqual(heads(90_00));
    expect(t.reversed.RUL).toEqual(heads(0, 450_00, 450_00));
    // Rule 37's 720, and the ISD document, which the books never hold, is not reversed: it is not a supply received.
    expect(t.reversed.OTH).toEqual(heads(720_00));
    expect(t.ineligible.RUL).toEqual(heads(90_00));
  });

  it('reverses blocked credit of a matched bill in 4(B)(1)', () => {
    const t = table4([pair('matched', twoB('A9', heads(0, 900_00, 900_00)), books('A9', heads(0, 900_00, 900_00), { blocked: heads(0, 900_00, 900_00) }))]);
    expect(t.available.OTH).toEqual(heads(0, 900_00, 900_00));
    expect(t.reversed.RUL).toEqual(heads(0, 900_00, 900_00));
  });
});
