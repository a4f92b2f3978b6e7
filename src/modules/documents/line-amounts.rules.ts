import { exceedsMoneyBound, MAX_RUPEES, roundDiv, sum, toRupees, type Paise } from '../../kernel/money';
import { adValoremCessOn, specificCessOn, type CessRates } from './cess.rules';
import type { SupplyType } from './supply.rules';

/**
 * Line and document amounts of invoices, bills and notes (docs/rules/amounts-and-rounding.md, "Line amounts" and
 * "Totals and balance"). Pure: every amount is integer paise and every division goes
 * through roundDiv half-up. Totals are sums of the per-line integers, never recomputed
 * from sums, so a document's components always add back to its totals.
 */

export type { SupplyType } from './supply.rules';

/** How a document's lines are taxed. */
export interface TaxMode {
  supply: SupplyType;
  /** A zero-rated supply without payment of IGST (WOPAY): no tax on any line; the rate stays recorded. */
  zeroRated?: boolean;
  /** Amounts include the tax: the taxable value is taken out of them (see taxableOfInclusive). */
  inclusive?: boolean;
}

/** One line, already resolved from the item master and converted to integers by the caller; a compensation cess when it carries one (cess.rules.ts). */
export interface LineInput extends CessRates {
  /** quantity × 1000; quantities carry at most 3 decimals, so this is exact. */
  quantityMilli: number;
  ratePaise: Paise;
  /** An absolute amount taken off quantity × rate, not a percentage. */
  discountPaise: Paise;
  /** percent × 100: 18% → 1800, 0.25% → 25. */
  taxRateCenti: number;
  /** Goods imported: their IGST is levied at customs (IGST Act s.5(1) proviso), so the line bears none; the rate stays recorded. */
  taxedAtCustoms?: boolean;
}

export interface LineAmounts {
  /** The taxable value. */
  itemTotal: Paise;
  /** GST and compensation cess together: cgst + sgst + igst + cess. */
  tax: Paise;
  /**
   * Tax-inclusive amounts: the paisa (or two) left between the amount entered and taxable value
   * + tax, which the document's round_off takes. 0 when amounts exclude tax.
   */
  remainder: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** Compensation cess: ad valorem on the taxable value plus quantity × amount per unit (cess.rules.ts). */
  cess: Paise;
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
  /** Σ line cess, part of taxTotal. */
  cessTotal: Paise;
  /** Σ line remainders: what round_off must add for the total to equal the amounts entered. */
  remainderTotal: Paise;
  /** One row per distinct rate, ascending by rate. */
  taxByRate: TaxRateSummary[];
}

const MILLI = 1000n;
const PERCENT_CENTI = 10_000n;

/**
 * A caller's input error found while pricing, on `field`. A RangeError so that it is never
 * mistaken for a DomainError; the pricer maps it with `invalidValue(err.field, err.message)`.
 */
export class PricingInputError extends RangeError {
  constructor(message: string, readonly field: string) {
    super(message);
    this.name = 'PricingInputError';
  }
}

/** `line_items[i].<name>` when the line's index is known (computeDocument), else `<name>`. */
function lineField(lineIndex: number | null, name: string): string {
  return lineIndex === null ? name : `line_items[${lineIndex}].${name}`;
}

/**
 * A bad discount: negative, or more than quantity × rate. `field` is
 * `line_items[i].discount` when the line's index is known, else `discount`.
 */
export class InvalidDiscountError extends PricingInputError {
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
      lineField(lineIndex, 'discount'),
    );
    this.name = 'InvalidDiscountError';
  }
}

/**
 * A computed amount above the money bound (MAX_RUPEES), which every stored amount keeps to:
 * quantity × rate, a line's amount with its tax, or the document's total. Each input is
 * within the bound on its own; their product or sum is not. On a line the field is the
 * quantity (the multiplier), or the rate when the line is a single unit or less; on the
 * document it is `total`.
 */
export class AmountOutOfRangeError extends PricingInputError {
  constructor(readonly what: string, readonly amountPaise: Paise, field: string, readonly lineIndex: number | null) {
    super(`${what} ${toRupees(amountPaise)} exceeds the largest amount, ${MAX_RUPEES}`, field);
    this.name = 'AmountOutOfRangeError';
  }
}

/**
 * quantity × rate that is not zero but rounds to 0.00 (0.001 × 0.01): the line would carry an
 * amount the books cannot hold (docs/rules/amounts-and-rounding.md, "Zero amounts"). A rate of 0 or a 100% discount is an
 * exact zero and valid. The field is the quantity: a rate is at least 0.01, so only a
 * fractional quantity can take the product under half a paisa.
 */
export class AmountRoundsToZeroError extends PricingInputError {
  constructor(readonly lineIndex: number | null) {
    super('quantity × rate is below half a paisa and rounds to 0.00; send a larger quantity, or a rate of 0 for a free line', lineField(lineIndex, 'quantity'));
    this.name = 'AmountRoundsToZeroError';
  }
}

function assertLineWithinBound(what: string, paise: Paise, line: LineInput, lineIndex: number | null): void {
  if (!exceedsMoneyBound(paise)) return;
  throw new AmountOutOfRangeError(what, paise, lineField(lineIndex, line.quantityMilli > 1000 ? 'quantity' : 'rate'), lineIndex);
}

/**
 * The taxable value inside a tax-inclusive amount: amount × 100 / (100 + rate), rounded
 * half-up (the value of supply excludes the tax, CGST Act s.15). The tax is then computed on
 * it like any other line's, so it may differ from amount − taxable by a paisa.
 */
export function taxableOfInclusive(amount: Paise, taxRateCenti: number): Paise {
  return roundDiv(BigInt(amount) * PERCENT_CENTI, PERCENT_CENTI + BigInt(taxRateCenti), 'half_up');
}

/**
 * The tax on a taxable value. Inter-state: IGST at the full rate. Intra-state: CGST and
 * SGST/UTGST each at half the rate, each rounded half-up on its own, so the two are always
 * equal and the tax is their sum (docs/rules/gst-supply-and-tax.md, "Intra-state and inter-state tax"; returns and e-invoices carry them as equal halves).
 */
export function taxOn(taxable: Paise, taxRateCenti: number, supply: SupplyType): Pick<LineAmounts, 'tax' | 'cgst' | 'sgst' | 'igst'> {
  if (supply === 'INTER') {
    const igst = roundDiv(BigInt(taxable) * BigInt(taxRateCenti), PERCENT_CENTI, 'half_up');
    return { tax: igst, cgst: 0, sgst: 0, igst };
  }
  const half = roundDiv(BigInt(taxable) * BigInt(taxRateCenti), 2n * PERCENT_CENTI, 'half_up');
  return { tax: half * 2, cgst: half, sgst: half, igst: 0 };
}

/**
 * Computes one line; throws InvalidDiscountError (field `discount`) on a bad discount,
 * AmountOutOfRangeError (field `quantity` or `rate`) when its amount exceeds the bound and
 * AmountRoundsToZeroError (field `quantity`) when quantity × rate rounds to 0.00.
 */
export function computeLine(line: LineInput, mode: TaxMode): LineAmounts {
  return computeLineAt(line, mode, null);
}

/**
 * Computes every line and the document's totals. A bad discount throws
 * InvalidDiscountError with field `line_items[i].discount` for the first offending line; an
 * amount above the bound AmountOutOfRangeError on the line, or on `total` for the sum.
 */
export function computeDocument(lines: readonly LineInput[], mode: TaxMode): DocumentAmounts {
  const amounts = lines.map((line, i) => computeLineAt(line, mode, i));
  const subTotal = sum(amounts.map((a) => a.itemTotal));
  const taxTotal = sum(amounts.map((a) => a.tax));
  const remainderTotal = sum(amounts.map((a) => a.remainder));
  // Item totals and taxes are never negative, so a total within the bound keeps both parts within it.
  assertTotalWithinBound(subTotal + taxTotal + Math.max(remainderTotal, 0));
  return {
    lines: amounts,
    subTotal,
    taxTotal,
    cgstTotal: sum(amounts.map((a) => a.cgst)),
    sgstTotal: sum(amounts.map((a) => a.sgst)),
    igstTotal: sum(amounts.map((a) => a.igst)),
    cessTotal: sum(amounts.map((a) => a.cess)),
    remainderTotal,
    taxByRate: summariseByRate(lines, amounts),
  };
}

function computeLineAt(line: LineInput, mode: TaxMode, lineIndex: number | null): LineAmounts {
  assertWhole(line.quantityMilli, 'quantityMilli');
  assertWhole(line.ratePaise, 'ratePaise');
  assertWhole(line.discountPaise, 'discountPaise');
  assertWhole(line.taxRateCenti, 'taxRateCenti');
  if (line.taxRateCenti < 0) throw new RangeError(`taxRateCenti must not be negative: ${line.taxRateCenti}`);

  // Rounded before the discount is taken, so item_total = round(quantity × rate) − discount.
  const gross = roundDiv(BigInt(line.quantityMilli) * BigInt(line.ratePaise), MILLI, 'half_up');
  assertLineWithinBound('quantity × rate', gross, line, lineIndex);
  if (gross === 0 && line.quantityMilli !== 0 && line.ratePaise !== 0) throw new AmountRoundsToZeroError(lineIndex);
  if (line.discountPaise < 0) throw new InvalidDiscountError('negative', gross, line.discountPaise, lineIndex);
  const entered = gross - line.discountPaise;
  if (entered < 0) throw new InvalidDiscountError('exceeds_gross', gross, line.discountPaise, lineIndex);

  // A zero-rated line (WOPAY), or goods taxed at customs, bear no tax, so an inclusive amount holds none either; nor cess
  // (IGST Act s.16(3)(a), applied to cess by s.11 of the Compensation Act; on imports the cess too is levied at customs).
  const untaxed = mode.zeroRated || line.taxedAtCustoms === true;
  const rate = untaxed ? 0 : line.taxRateCenti;
  const cessRate = untaxed ? 0 : (line.cessRateCenti ?? 0);
  const specificCess = untaxed ? 0 : specificCessOn(line.quantityMilli, line.cessPerUnitPaise ?? 0);
  // Inclusive, the specific cess comes off first; the rest holds the value and the taxes at their rates.
  if (mode.inclusive && specificCess > entered) throw new PricingInputError(`the cess per unit, ${toRupees(specificCess)} on this quantity, exceeds the amount entered`, lineField(lineIndex, 'cess_per_unit'));
  const itemTotal = mode.inclusive ? taxableOfInclusive(entered - specificCess, rate + cessRate) : entered;
  const taxes = taxOn(itemTotal, rate, mode.supply);
  const cess = adValoremCessOn(itemTotal, cessRate) + specificCess;
  const tax = taxes.tax + cess;
  assertLineWithinBound('the line amount with tax', itemTotal + tax, line, lineIndex);
  return { itemTotal, ...taxes, tax, cess, remainder: mode.inclusive ? entered - itemTotal - tax : 0 };
}

/** A document's total (taxable value plus tax) within the bound; the field is `total`. */
export function assertTotalWithinBound(totalPaise: Paise): void {
  if (exceedsMoneyBound(totalPaise)) throw new AmountOutOfRangeError('the total', totalPaise, 'total', null);
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
