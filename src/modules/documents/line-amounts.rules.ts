import { isIntraState } from '../../kernel/gst/place-of-supply';
import { roundDiv, splitInHalves, sum, toRupees, type Paise } from '../../kernel/money';

/**
 * Line and document amounts of invoices, bills and notes (operator.md, "Decisions on what
 * the spec marks not shown"). Pure: every amount is integer paise and every division goes
 * through roundDiv half-up. Totals are sums of the per-line integers, never recomputed
 * from sums, so a document's components always add back to its totals.
 */

/** INTRA: CGST + SGST/UTGST halves. INTER: IGST at the full rate. */
export type SupplyType = 'INTRA' | 'INTER';

/** One line, already resolved from the item master and converted to integers by the caller. */
export interface LineInput {
  /** quantity × 1000; quantities carry at most 3 decimals, so this is exact. */
  quantityMilli: number;
  ratePaise: Paise;
  /** An absolute amount taken off quantity × rate, not a percentage. */
  discountPaise: Paise;
  /** percent × 100: 18% → 1800, 0.25% → 25. */
  taxRateCenti: number;
}

export interface LineAmounts {
  itemTotal: Paise;
  tax: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

/** One row of the tax summary: lines of the same rate added together. */
export interface TaxRateSummary {
  taxRateCenti: number;
  taxable: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
}

export interface DocumentAmounts {
  /** In the order of the input lines. */
  lines: LineAmounts[];
  subTotal: Paise;
  taxTotal: Paise;
  cgstTotal: Paise;
  sgstTotal: Paise;
  igstTotal: Paise;
  /** One row per distinct rate, ascending by rate. */
  taxByRate: TaxRateSummary[];
}

const MILLI = 1000n;
const PERCENT_CENTI = 10_000n;

/**
 * A caller's input error on a line's discount: negative, or more than quantity × rate.
 * A RangeError so that it is never mistaken for a DomainError; the service maps it with
 * `invalidValue(err.field, err.message)`. `field` is `line_items[i].discount` when the
 * line's index is known (computeDocument), else `discount`.
 */
export class InvalidDiscountError extends RangeError {
  readonly field: string;

  constructor(
    readonly reason: 'negative' | 'exceeds_gross',
    readonly grossPaise: Paise,
    readonly discountPaise: Paise,
    readonly lineIndex: number | null,
  ) {
    super(
      reason === 'negative'
        ? `discount must not be negative (got ${toRupees(discountPaise)})`
        : `discount ${toRupees(discountPaise)} exceeds the line amount ${toRupees(grossPaise)} (quantity × rate)`,
    );
    this.name = 'InvalidDiscountError';
    this.field = lineIndex === null ? 'discount' : `line_items[${lineIndex}].discount`;
  }
}

/** Routing of a document's tax from the branch's state and the place of supply. */
export function supplyTypeOf(branchState: string, placeOfSupply: string): SupplyType {
  return isIntraState(branchState, placeOfSupply) ? 'INTRA' : 'INTER';
}

/** Computes one line; throws InvalidDiscountError (field `discount`) on a bad discount. */
export function computeLine(line: LineInput, supply: SupplyType): LineAmounts {
  return computeLineAt(line, supply, null);
}

/**
 * Computes every line and the document's totals. A bad discount throws
 * InvalidDiscountError with field `line_items[i].discount` for the first offending line.
 */
export function computeDocument(lines: readonly LineInput[], supply: SupplyType): DocumentAmounts {
  const amounts = lines.map((line, i) => computeLineAt(line, supply, i));
  return {
    lines: amounts,
    subTotal: sum(amounts.map((a) => a.itemTotal)),
    taxTotal: sum(amounts.map((a) => a.tax)),
    cgstTotal: sum(amounts.map((a) => a.cgst)),
    sgstTotal: sum(amounts.map((a) => a.sgst)),
    igstTotal: sum(amounts.map((a) => a.igst)),
    taxByRate: summariseByRate(lines, amounts),
  };
}

function computeLineAt(line: LineInput, supply: SupplyType, lineIndex: number | null): LineAmounts {
  assertWhole(line.quantityMilli, 'quantityMilli');
  assertWhole(line.ratePaise, 'ratePaise');
  assertWhole(line.discountPaise, 'discountPaise');
  assertWhole(line.taxRateCenti, 'taxRateCenti');
  if (line.taxRateCenti < 0) throw new RangeError(`taxRateCenti must not be negative: ${line.taxRateCenti}`);

  // Rounded before the discount is taken, so item_total = round(quantity × rate) − discount.
  const gross = roundDiv(BigInt(line.quantityMilli) * BigInt(line.ratePaise), MILLI, 'half_up');
  assertWhole(gross, 'quantity × rate');
  if (line.discountPaise < 0) throw new InvalidDiscountError('negative', gross, line.discountPaise, lineIndex);
  const itemTotal = gross - line.discountPaise;
  if (itemTotal < 0) throw new InvalidDiscountError('exceeds_gross', gross, line.discountPaise, lineIndex);

  const tax = roundDiv(BigInt(itemTotal) * BigInt(line.taxRateCenti), PERCENT_CENTI, 'half_up');
  if (supply === 'INTER') return { itemTotal, tax, cgst: 0, sgst: 0, igst: tax };
  const [cgst, sgst] = splitInHalves(tax);
  return { itemTotal, tax, cgst, sgst, igst: 0 };
}

/** Sums of the per-line figures, grouped by rate: the summary adds back to the totals. */
function summariseByRate(lines: readonly LineInput[], amounts: readonly LineAmounts[]): TaxRateSummary[] {
  const byRate = new Map<number, TaxRateSummary>();
  amounts.forEach((a, i) => {
    const rate = lines[i]?.taxRateCenti ?? 0;
    const row = byRate.get(rate) ?? { taxRateCenti: rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    row.taxable += a.itemTotal;
    row.cgst += a.cgst;
    row.sgst += a.sgst;
    row.igst += a.igst;
    byRate.set(rate, row);
  });
  return [...byRate.values()].sort((x, y) => x.taxRateCenti - y.taxRateCenti);
}

/** Non-integers here are a caller's conversion bug, not user input: the edge converts. */
function assertWhole(value: number, name: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer: ${value}`);
}
