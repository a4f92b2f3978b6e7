import { addDays, daysBetween, type LocalDate } from '../../kernel/local-date';
import { roundDiv, type Paise } from '../../kernel/money';

/*
 * Rule 37 of the CGST Rules (as substituted by Notification 19/2022-CT), read with the second
 * proviso to CGST s.16(2): a recipient that has not paid its supplier the value of a supply and
 * the tax on it within 180 days of the invoice gives back the credit in proportion to what is
 * unpaid, with interest under s.50, and takes it again once it pays
 * (docs/rules/itc-reconciliation.md, "Rule 37: pay within 180 days").
 */

/** Credit by head, in INR paise. */
export interface CreditHeads { igst: Paise; cgst: Paise; sgst: Paise; cess: Paise }

export const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

/** s.16(2) second proviso: the value and the tax are paid within 180 days from the date of the invoice. */
export const DAYS_TO_PAY = 180;
/** s.50(1) as Notification 13/2017-CT sets it: 18 percent a year. */
const INTEREST_PERCENT_A_YEAR = 18n;
/** Rule 61(5): GSTR-3B of a month is due on the 20th of the next. */
const RETURN_DUE_DAY = 20;

/** A bill as Rule 37 reads it: its date, its total (value and tax, in its own currency), what was unpaid of it on the day asked, and the credit it gave. */
export interface BillForRule37 {
  billDate: LocalDate;
  total: Paise;
  unpaid: Paise;
  credit: CreditHeads;
}

export interface Rule37Reversal {
  /** The last of the 180 days: paid by the end of it, nothing is reversed. */
  day180: LocalDate;
  reverse: CreditHeads;
  /** The GSTR-3B to report it in, MMYYYY. */
  period: string;
  interest: Paise;
}

export const lastDayToPay = (billDate: LocalDate): LocalDate => addDays(billDate, DAYS_TO_PAY);

/**
 * The return period (MMYYYY) holding a date; for a quarterly (QRMP) filer the quarter's last
 * month, as its GSTR-3B is named (Rule 61A).
 */
export function returnPeriodOf(date: LocalDate, quarterly: boolean): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  const named = quarterly ? Math.ceil(month / 3) * 3 : month;
  return `${String(named).padStart(2, '0')}${year}`;
}

/** Credit × unpaid ÷ (value + tax), per head (Rule 37(1): "proportionate to the amount not paid"). */
export function proportionateCredit(credit: CreditHeads, unpaid: Paise, total: Paise): CreditHeads {
  const share = (head: Paise) => roundDiv(BigInt(head) * BigInt(unpaid), BigInt(total));
  return { igst: share(credit.igst), cgst: share(credit.cgst), sgst: share(credit.sgst), cess: share(credit.cess) };
}

/** The day the GSTR-3B of the bill's month was due: the 20th of the month after it. */
export function claimReturnDueDate(billDate: LocalDate): LocalDate {
  const [year, month] = [Number(billDate.slice(0, 4)), Number(billDate.slice(5, 7))];
  const [dueYear, dueMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  return `${dueYear}-${String(dueMonth).padStart(2, '0')}-${RETURN_DUE_DAY}`;
}

/**
 * Interest under s.50 on the credit reversed: 18% a year, simple, per day, on each head, from
 * the due date of the GSTR-3B that claimed it to `asOf`. Rule 88B(3) charges it from the day the
 * credit was used; Bahi does not know that day and takes the return's due date for it.
 */
export function interestOn(reversed: CreditHeads, billDate: LocalDate, asOf: LocalDate): Paise {
  const days = Math.max(0, daysBetween(claimReturnDueDate(billDate), asOf));
  return HEADS.reduce((total, head) => total + roundDiv(BigInt(reversed[head]) * INTEREST_PERCENT_A_YEAR * BigInt(days), 100n * 365n), 0);
}

/** What the interest figures are, said in every answer that shows them. */
export const INTEREST_BASIS = 's.50 interest at 18% a year on each head reversed, from the due date of the GSTR-3B that claimed the credit '
  + '(the 20th of the month after the bill) to as_of: an approximation of Rule 88B(3), which runs from the day the credit was used';

const isZero = (heads: CreditHeads) => HEADS.every((head) => heads[head] === 0);

/**
 * What Rule 37 asks of a bill on `asOf`: nothing while the 180 days run, when it is paid, or when
 * it gave no credit; else the credit to reverse, the period to report it in (the one holding the
 * day after the 180th: "the tax period immediately following" them) and the interest.
 */
export function rule37Reversal(bill: BillForRule37, asOf: LocalDate, quarterly: boolean): Rule37Reversal | null {
  const day180 = lastDayToPay(bill.billDate);
  if (asOf <= day180 || bill.unpaid <= 0 || bill.total <= 0 || isZero(bill.credit)) return null;
  const reverse = proportionateCredit(bill.credit, Math.min(bill.unpaid, bill.total), bill.total);
  if (isZero(reverse)) return null;
  return { day180, reverse, period: returnPeriodOf(addDays(day180, 1), quarterly), interest: interestOn(reverse, bill.billDate, asOf) };
}
