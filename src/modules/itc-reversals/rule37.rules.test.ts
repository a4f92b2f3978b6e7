import { describe, expect, it } from 'vitest';
import { claimReturnDueDate, interestOn, lastDayToPay, proportionateCredit, returnPeriodOf, rule37Reversal } from './rule37.rules';

const heads = (cgst: number, sgst: number, igst = 0, cess = 0) => ({ igst, cgst, sgst, cess });
// ₹1,000 + CGST 9% + SGST 9% = ₹1,180.00, dated 10 January 2026.
const bill = (unpaid: number) => ({ billDate: '2026-01-10', total: 1180_00, unpaid, credit: heads(90_00, 90_00) });

describe('Rule 37: the 180 days and the period', () => {
  it('counts 180 days from the invoice date: 10 January + 21 + 28 + 31 + 30 + 31 + 30 + 9 days = 9 July', () => {
    expect(lastDayToPay('2026-01-10')).toBe('2026-07-09');
    // Across a leap February: 2028-01-10 + 180 = 8 July.
    expect(lastDayToPay('2028-01-10')).toBe('2028-07-08');
  });

  it('names the period of a date, a quarterly filer by the quarter\'s last month', () => {
    expect(returnPeriodOf('2026-07-10', false)).toBe('072026');
    expect(returnPeriodOf('2026-07-10', true)).toBe('092026');
    expect(returnPeriodOf('2027-01-31', true)).toBe('032027');
    expect(returnPeriodOf('2026-12-01', true)).toBe('122026');
  });

  it('takes the due date of the claiming return as the 20th of the month after the bill', () => {
    expect(claimReturnDueDate('2026-01-10')).toBe('2026-02-20');
    expect(claimReturnDueDate('2025-12-31')).toBe('2026-01-20');
  });
});

describe('Rule 37: what is reversed', () => {
  it('asks nothing on the 180th day, nor of a bill paid, nor of one without credit', () => {
    expect(rule37Reversal(bill(1180_00), '2026-07-09', false)).toBeNull();
    expect(rule37Reversal(bill(0), '2026-07-10', false)).toBeNull();
    expect(rule37Reversal({ ...bill(1180_00), credit: heads(0, 0) }, '2026-07-10', false)).toBeNull();
  });

  it('reverses all the credit of a bill unpaid on day 181, in July, with 140 days of interest', () => {
    // 20 February to 10 July: 8 + 31 + 30 + 31 + 30 + 10 = 140 days; 9,000 paise × 18% × 140 / 365 = 621.37 → 621 a head.
    expect(rule37Reversal(bill(1180_00), '2026-07-10', false)).toEqual({ day180: '2026-07-09', reverse: heads(90_00, 90_00), period: '072026', interest: 1242 });
    expect(rule37Reversal(bill(1180_00), '2026-07-10', true)?.period).toBe('092026');
  });

  it('reverses in proportion to what is unpaid, rounded half up per head', () => {
    // Half unpaid: 4,500 a head; interest 4,500 × 18% × 140 / 365 = 310.68 → 311 a head.
    expect(rule37Reversal(bill(590_00), '2026-07-10', false)).toEqual({ day180: '2026-07-09', reverse: heads(45_00, 45_00), period: '072026', interest: 622 });
    // ₹100 of ₹1,180 unpaid: 9,000 × 10,000 / 118,000 = 762.71 → 763 paise a head.
    expect(proportionateCredit(heads(90_00, 90_00), 100_00, 1180_00)).toEqual(heads(763, 763));
    // IGST and cess alike: 18,000 × 1/3 = 6,000; 1,000 × 1/3 = 333.33 → 333.
    expect(proportionateCredit(heads(0, 0, 180_00, 10_00), 1000, 3000)).toEqual(heads(0, 0, 60_00, 333));
  });

  it('charges no interest before the claiming return was due', () => {
    expect(interestOn(heads(90_00, 90_00), '2026-01-10', '2026-02-20')).toBe(0);
    expect(interestOn(heads(90_00, 90_00), '2026-01-10', '2026-02-01')).toBe(0);
    // One day: 9,000 × 18% / 365 = 4.44 → 4 a head.
    expect(interestOn(heads(90_00, 90_00), '2026-01-10', '2026-02-21')).toBe(8);
  });
});
