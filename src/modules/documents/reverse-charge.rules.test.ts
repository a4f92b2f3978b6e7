import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { assertRatesExcludeTax, assertReverseChargeRecipient, chargedLines, owedAmount, owedTotals } from './reverse-charge.rules';

const fieldOf = (f: () => void) => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.field : 'not a DomainError';
  }
  return null;
};

describe('reverse charge', () => {
  it('owes the taxable value alone: the tax is stated, not charged', () => {
    // ₹20,000 + ₹1,000 tax: ₹21,000 under forward charge, ₹20,000 under reverse charge.
    expect(owedAmount(20_000_00, 1000_00, false)).toBe(21_000_00);
    expect(owedAmount(20_000_00, 1000_00, true)).toBe(20_000_00);
    expect(owedTotals({ sub_total: 20_000_00, tax_total: 1000_00, total: 21_000_00 }, true)).toEqual({ sub_total: 20_000_00, tax_total: 1000_00, total: 20_000_00 });
    const lines = [{ itemTotal: 20_000_00, cgst: 500_00, sgst: 500_00, igst: 0, cess: 300_00 }];
    expect(chargedLines(lines, true)).toEqual([{ itemTotal: 20_000_00, cgst: 0, sgst: 0, igst: 0, cess: 0 }]);
    expect(chargedLines(lines, false)).toBe(lines);
  });

  it('needs a registered recipient in India, on a supply that bears tax', () => {
    const sale = { recipientGstin: '29AAACR5055K1Z3', placeOfSupply: 'IN-KA', exportType: null };
    expect(fieldOf(() => assertReverseChargeRecipient(sale))).toBeNull();
    // No GSTIN; a UIN holder's (14th character N); a non-resident's (R): none is a registered recipient's.
    for (const recipientGstin of [null, '0717UNO00157UNX', '2911USA12345NRH']) {
      expect(fieldOf(() => assertReverseChargeRecipient({ ...sale, recipientGstin }))).toBe('is_reverse_charge');
    }
    expect(fieldOf(() => assertReverseChargeRecipient({ ...sale, placeOfSupply: 'IN-96' }))).toBe('is_reverse_charge');
    expect(fieldOf(() => assertReverseChargeRecipient({ ...sale, exportType: 'WOPAY' }))).toBe('is_reverse_charge');
  });

  it('refuses tax-inclusive rates under reverse charge only', () => {
    expect(fieldOf(() => assertRatesExcludeTax(true, true))).toBe('is_inclusive_tax');
    expect(fieldOf(() => assertRatesExcludeTax(true, false))).toBeNull();
    expect(fieldOf(() => assertRatesExcludeTax(false, true))).toBeNull();
  });
});
