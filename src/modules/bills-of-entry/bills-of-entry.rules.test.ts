import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { billOfEntryLines } from './bills-of-entry.posting';
import { customsAmounts } from './bills-of-entry.rules';

const refusal = (run: () => void) => {
  try {
    run();
  } catch (error) {
    return error as DomainError;
  }
  return null;
};

describe("a Bill of Entry's amounts", () => {
  // Assessable value ₹1,00,000; BCD 10% = ₹10,000; SWS 10% of BCD = ₹1,000; IGST 18% of 1,11,000 = ₹19,980.
  const sent = { assessableValue: 100_000_00, basicCustomsDuty: 10_000_00, socialWelfareSurcharge: 1_000_00, igst: 19_980_00 };

  it('computes the IGST value as assessable value + BCD + SWS, the duties, and the total paid', () => {
    expect(customsAmounts({ ...sent, igstTaxableValue: null })).toEqual({
      ...sent, igstTaxableValue: 111_000_00, duties: 11_000_00, total: 30_980_00,
    });
    expect(customsAmounts({ ...sent, igstTaxableValue: 111_000_00 }).igstTaxableValue).toBe(111_000_00);
  });

  it('refuses an IGST value that is not their sum (400 on igst_taxable_value, naming the sum)', () => {
    expect(refusal(() => customsAmounts({ ...sent, igstTaxableValue: 110_000_00 }))).toMatchObject({
      code: 'validation.invalid_value', field: 'igst_taxable_value', details: { expected: 111000 },
    });
  });

  it('refuses amounts whose total exceeds the largest amount (400 on igst)', () => {
    expect(refusal(() => customsAmounts({ ...sent, igstTaxableValue: null, igst: 1_000_000_000_000_00 }))).toMatchObject({ field: 'igst' });
  });
});

describe("a Bill of Entry's entry", () => {
  it('debits IGST input with the IGST and the goods with the duties, and credits the account that paid both', () => {
    const lines = billOfEntryLines({ goodsAccountId: 'acc_purchases', paidThroughAccountId: 'acc_bank', duties: 11_000_00, igst: 19_980_00 }, { igstInput: 'acc_igst_in' });
    expect(lines.map((l) => [l.accountId, l.debit, l.credit])).toEqual([
      ['acc_igst_in', 19_980_00, 0], ['acc_purchases', 11_000_00, 0], ['acc_bank', 0, 30_980_00],
    ]);
  });
});
