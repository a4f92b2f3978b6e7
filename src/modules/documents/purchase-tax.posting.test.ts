import { describe, expect, it } from 'vitest';
import { purchaseTaxEntry, type PurchaseLineForPosting } from './purchase-tax.posting';

const accounts = { cgstInput: 'cgst_in', sgstInput: 'sgst_in', igstInput: 'igst_in', cessInput: 'cess_in', rcmInput: 'rcm_in', rcmPayable: 'rcm_payable' };
const line = (over: Partial<PurchaseLineForPosting>): PurchaseLineForPosting => ({
  accountId: 'purchases', description: 'line', net: 0, cgst: 0, sgst: 0, igst: 0, blocked: false, ...over,
});
const triples = (entry: ReturnType<typeof purchaseTaxEntry>) =>
  entry.lines.filter((l) => l.debit !== 0 || l.credit !== 0).map((l) => [l.accountId, l.debit, l.credit]);

describe('the GST part of a purchase entry', () => {
  it('claims the credit on the ordinary input ledgers, and owes the vendor net + tax', () => {
    // ₹1,000.00 at 18% intra: CGST 9000 + SGST 9000; owed 100000 + 18000 = 118000.
    const entry = purchaseTaxEntry([line({ net: 100000, cgst: 9000, sgst: 9000 })], false, accounts);
    expect(triples(entry)).toEqual([['purchases', 100000, 0], ['cgst_in', 9000, 0], ['sgst_in', 9000, 0]]);
    expect(entry.owed).toBe(118000);
  });

  it('under reverse charge: the credit and the liability on their own ledgers, the vendor owed the net alone', () => {
    // ₹50,000.00 of imported services at 18%: IGST 900000, self-assessed.
    const entry = purchaseTaxEntry([line({ accountId: 'software', net: 5000000, igst: 900000 })], true, accounts);
    expect(triples(entry)).toEqual([['software', 5000000, 0], ['rcm_in', 900000, 0], ['rcm_payable', 0, 900000]]);
    expect(entry.owed).toBe(5000000);
  });

  it('capitalises a blocked line\'s tax into its account and claims only the others', () => {
    // Line 1 blocked (17(5)(b)): 20000 + 1800 + 1800 = 23600 on meals. Line 2: 10000 at 5% → 250 + 250 claimed.
    const entry = purchaseTaxEntry([
      line({ accountId: 'meals', net: 20000, cgst: 1800, sgst: 1800, blocked: true }),
      line({ accountId: 'office', net: 10000, cgst: 250, sgst: 250 }),
    ], false, accounts);
    expect(triples(entry)).toEqual([['meals', 23600, 0], ['office', 10000, 0], ['cgst_in', 250, 0], ['sgst_in', 250, 0]]);
    expect(entry.owed).toBe(20000 + 3600 + 10000 + 500);
  });

  it('under reverse charge a blocked line still owes its tax, which joins its cost', () => {
    // ₹1,000.00 at 5% inter, blocked (17(5)(a)): Dr vehicle 105000, Cr liability 5000; vendor owed 100000.
    const entry = purchaseTaxEntry([line({ accountId: 'vehicle', net: 100000, igst: 5000, blocked: true })], true, accounts);
    expect(triples(entry)).toEqual([['vehicle', 105000, 0], ['rcm_payable', 0, 5000]]);
    expect(entry.owed).toBe(100000);
  });
});
