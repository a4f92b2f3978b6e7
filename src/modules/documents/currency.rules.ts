import { invalidValue } from '../../kernel/errors';
import { exceedsMoneyBound, MAX_RUPEES, roundDiv, toRupees, type Paise } from '../../kernel/money';
import type { DocumentAmounts } from './line-amounts.rules';

/**
 * Foreign-currency documents post their journals in the base currency (operator.md: journal
 * amounts are in the base currency). Each line converts on its own, half-up, so the
 * converted lines can miss balance by rounding; balanceInBase moves that difference.
 */

const MICRO = 1_000_000n;

/** amount × exchange rate, half-up to the paisa. exchangeRateMicro is rate × 1e6 (1.0 → 1_000_000). */
export function toBase(amountPaise: Paise, exchangeRateMicro: number): Paise {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`amount must be a safe integer: ${amountPaise}`);
  if (!Number.isSafeInteger(exchangeRateMicro) || exchangeRateMicro <= 0) {
    throw new RangeError(`exchangeRateMicro must be a positive integer: ${exchangeRateMicro}`);
  }
  return roundDiv(BigInt(amountPaise) * BigInt(exchangeRateMicro), MICRO, 'half_up');
}

/**
 * Refuses amounts that do not survive conversion to the base currency: one that is not zero
 * in its own currency but 0.00 in the base currency (operator.md, "Amounts"), which an entry
 * would drop or have nothing left to post for; and one past the money bound once converted
 * (a bounded amount at a large rate), which the books cannot hold. 400
 * `validation.invalid_value` on `field`, the input that brought the rate. Every amount
 * converted to the base currency is checked here, so the rule is the same wherever one arises.
 */
export function assertConvertible(amounts: readonly Paise[], exchangeRateMicro: number, field: string): void {
  const rate = exchangeRateMicro / Number(MICRO);
  for (const amount of amounts) {
    const converted = toBase(amount, exchangeRateMicro);
    const details = { details: { amount: toRupees(amount), exchange_rate: rate } };
    if (amount !== 0 && converted === 0) {
      throw invalidValue(field, `an amount of ${toRupees(amount)} at the exchange rate ${rate} is 0.00 in the base currency`, details);
    }
    if (exceedsMoneyBound(converted)) {
      throw invalidValue(field, `an amount of ${toRupees(amount)} at the exchange rate ${rate} exceeds the largest amount, ${MAX_RUPEES}, in the base currency`, details);
    }
  }
}

/** assertConvertible over what a priced document posts: each line, each GST head, its round-off and its total. */
export function assertDocumentConvertible(amounts: DocumentAmounts, roundOff: Paise, exchangeRateMicro: number, field: string): void {
  const total = amounts.subTotal + amounts.taxTotal + roundOff;
  assertConvertible([...amounts.lines.map((l) => l.itemTotal), amounts.cgstTotal, amounts.sgstTotal, amounts.igstTotal, roundOff, total], exchangeRateMicro, field);
}

export interface DebitCredit {
  debit: Paise;
  credit: Paise;
}

type Side = keyof DebitCredit;

/**
 * Balances lines that were converted one by one. The rule:
 *   diff = Σdebit − Σcredit; when diff ≠ 0 the side with the smaller sum is short, and the
 *   whole diff is added to that side's single largest line (the first one on a tie).
 * Adding to the short side never makes an amount negative, and it lands where it is
 * smallest relative to the line. Only that one line changes; every other field is kept.
 *
 * From a balanced foreign entry each line's rounding error is at most half a paisa, so
 * |diff| ≤ n/2 for n lines. A larger diff (more than n paise) means the entry was not
 * balanced before conversion, a programming error: RangeError. So does a short side with
 * no line on it.
 */
export function balanceInBase<L extends DebitCredit>(lines: readonly L[]): L[] {
  return settle(lines, lines.map(sideOf));
}

/**
 * Converts every line to the base currency and balances the result as balanceInBase does.
 * A line keeps the side it had before conversion, so a tiny line that converted to 0 can
 * still take the difference when it is the only one on the short side.
 */
export function convertLinesToBase<L extends DebitCredit>(lines: readonly L[], exchangeRateMicro: number): L[] {
  const converted = lines.map((l) => ({
    ...l,
    debit: toBase(l.debit, exchangeRateMicro),
    credit: toBase(l.credit, exchangeRateMicro),
  }));
  return settle(converted, lines.map(sideOf));
}

function settle<L extends DebitCredit>(lines: readonly L[], sides: readonly (Side | null)[]): L[] {
  const balanced = lines.map((l) => ({ ...l }));
  let diff = 0;
  for (const l of balanced) diff += l.debit - l.credit;
  if (diff === 0) return balanced;
  if (Math.abs(diff) > lines.length) {
    throw new RangeError(`converted entry is off by ${diff} paise, more than rounding of ${lines.length} lines explains`);
  }

  const shortSide: Side = diff > 0 ? 'credit' : 'debit';
  let target: L | undefined;
  balanced.forEach((l, i) => {
    if (sides[i] === shortSide && (target === undefined || l[shortSide] > target[shortSide])) target = l;
  });
  if (target === undefined) throw new RangeError(`converted entry has no ${shortSide} line to take ${Math.abs(diff)} paise`);
  target[shortSide] += Math.abs(diff);
  return balanced;
}

/** The side a line is on; null for an empty line, which never takes a difference. */
function sideOf(line: DebitCredit): Side | null {
  if (line.debit > 0) return 'debit';
  if (line.credit > 0) return 'credit';
  return null;
}
