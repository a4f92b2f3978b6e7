import { sum, type Paise } from '../../kernel/money';
import { AmountOutOfRangeError, assertTotalWithinBound, computeLine, type SupplyType } from '../documents/line-amounts.rules';

/**
 * Amounts of an expense's lines, in integer paise. Every amount goes through the documents'
 * GST engine (one unit at the amount's rate, inclusive or not), so an expense taxes exactly
 * as an invoice or bill line would. Pure.
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
  const a = computeLine({ quantityMilli: 1000, ratePaise: line.amountPaise, discountPaise: 0, taxRateCenti: line.taxRateCenti }, { supply: mode.supply, inclusive: mode.inclusive });
  // An expense has no round_off: the paisa an inclusive amount leaves over taxable value + tax stays in its cost, so net + tax = the amount paid.
  const net = a.itemTotal + a.remainder;
  return { net, tax: a.tax, cgst: a.cgst, sgst: a.sgst, igst: a.igst, paid: mode.reverseCharge ? net : net + a.tax };
}
