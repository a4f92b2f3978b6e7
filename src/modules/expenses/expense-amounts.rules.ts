import { roundDiv, splitInHalves, sum, type Paise } from '../../kernel/money';
import { AmountOutOfRangeError, assertTotalWithinBound, computeLine, type SupplyType } from '../documents/line-amounts.rules';

/**
 * Amounts of an expense's lines, in integer paise. Exclusive amounts go through the
 * documents' GST engine (one unit at the amount's rate), so an expense taxes exactly as an
 * invoice line would. Pure: the only rounding is roundDiv half-up and splitInHalves.
 */

export interface ExpenseLineForAmounts {
  /** The amount as entered: net, or gross when the tax is inclusive. */
  amountPaise: Paise;
  /** percent × 100; the rcm_rate under reverse charge. */
  taxRateCenti: number;
}

export interface ExpenseTaxMode {
  supply: SupplyType;
  inclusive: boolean;
  /** The vendor charged no GST; the tax is self-assessed and not paid to them. */
  reverseCharge: boolean;
}

export interface ExpenseLineAmounts {
  net: Paise;
  tax: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** What the line takes out of the paid-through account: net + tax, or net under reverse charge. */
  paid: Paise;
}

export interface ExpenseAmounts {
  lines: ExpenseLineAmounts[];
  /** Σ entered amounts. */
  amount: Paise;
  subTotal: Paise;
  taxTotal: Paise;
  cgstTotal: Paise;
  sgstTotal: Paise;
  igstTotal: Paise;
  /** Σ paid: the credit to the paid-through account. */
  total: Paise;
}

const PERCENT_CENTI = 10_000n;

/**
 * An amount above the money bound (a line's amount with tax, or the total) throws
 * AmountOutOfRangeError on `amountFieldOf(i)` (the line's amount: `line_items[i].amount`, or
 * the header's `amount` for an expense that is not itemized) or on `total`.
 */
export function computeExpense(
  lines: readonly ExpenseLineForAmounts[],
  mode: ExpenseTaxMode,
  amountFieldOf: (lineIndex: number) => string = (i) => `line_items[${i}].amount`,
): ExpenseAmounts {
  // The service refuses this combination as input; reaching here is a caller bug.
  if (mode.inclusive && mode.reverseCharge) throw new RangeError('a reverse-charge amount cannot include tax');
  const amounts = lines.map((line, i) => {
    try {
      return computeExpenseLine(line, mode);
    } catch (error) {
      // The engine names a line's `rate`; an expense line's input is its amount.
      if (error instanceof AmountOutOfRangeError) throw new AmountOutOfRangeError(error.what, error.amountPaise, amountFieldOf(i), i);
      throw error;
    }
  });
  assertTotalWithinBound(sum(amounts.map((a) => a.paid)));
  return {
    lines: amounts,
    amount: sum(lines.map((l) => l.amountPaise)),
    subTotal: sum(amounts.map((a) => a.net)),
    taxTotal: sum(amounts.map((a) => a.tax)),
    cgstTotal: sum(amounts.map((a) => a.cgst)),
    sgstTotal: sum(amounts.map((a) => a.sgst)),
    igstTotal: sum(amounts.map((a) => a.igst)),
    total: sum(amounts.map((a) => a.paid)),
  };
}

function computeExpenseLine(line: ExpenseLineForAmounts, mode: ExpenseTaxMode): ExpenseLineAmounts {
  if (!mode.inclusive) {
    const a = computeLine({ quantityMilli: 1000, ratePaise: line.amountPaise, discountPaise: 0, taxRateCenti: line.taxRateCenti }, mode.supply);
    return { net: a.itemTotal, tax: a.tax, cgst: a.cgst, sgst: a.sgst, igst: a.igst, paid: mode.reverseCharge ? a.itemTotal : a.itemTotal + a.tax };
  }
  // Tax is taken out of the amount, and is whatever the rounded net leaves, so net + tax = amount exactly.
  const net = roundDiv(BigInt(line.amountPaise) * PERCENT_CENTI, PERCENT_CENTI + BigInt(line.taxRateCenti), 'half_up');
  const tax = line.amountPaise - net;
  if (mode.supply === 'INTER') return { net, tax, cgst: 0, sgst: 0, igst: tax, paid: line.amountPaise };
  const [cgst, sgst] = splitInHalves(tax);
  return { net, tax, cgst, sgst, igst: 0, paid: line.amountPaise };
}
