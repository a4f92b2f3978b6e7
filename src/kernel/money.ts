/**
 * Money is held as integer paise (minor units). JSON carries rupees as numbers with
 * at most two decimals; conversion happens only at the edge, here.
 * All rounding of money goes through roundDiv, half-up (away from zero on .5).
 */
export type Paise = number & { readonly __unit?: 'paise' };

/** Largest magnitude we accept: keeps every product in BigInt-free safe range for sums. */
export const MAX_RUPEES = 1_000_000_000_000; // ₹1 lakh crore
export const MAX_PAISE = MAX_RUPEES * 100;

/** Whether an amount computed from bounded inputs (quantity × rate, a sum, tax) still fits the bound. */
export function exceedsMoneyBound(paise: Paise): boolean {
  return Math.abs(paise) > MAX_PAISE;
}

/**
 * Rupees (a JSON number, already schema-checked to two decimals) → paise.
 * x*100 of a two-decimal double lies within 1e-6 of the integer, so rounding is exact.
 */
export function toPaise(rupees: number): Paise {
  const paise = Math.round(rupees * 100);
  if (!Number.isSafeInteger(paise) || Math.abs(paise) > MAX_PAISE) {
    throw new RangeError(`amount out of range: ${rupees}`);
  }
  return paise;
}

/**
 * Whether a JSON number of rupees has at most two decimals. A number is printed as the shortest
 * decimal that reads back as the same double, so this is exactly the decimal the client wrote
 * (trailing zeros aside), where a division by 0.01 in binary floating point is not.
 */
export function hasAtMostTwoDecimals(rupees: number): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(String(rupees));
}

/** Paise → rupees for JSON: the nearest double to the exact decimal, printed shortest. */
export function toRupees(paise: Paise): number {
  return paise / 100;
}

/**
 * Paise → rupees as decimal text with exactly two decimals ("1180.00", "-0.50"), by integer
 * arithmetic: for exports read by other programs (hledger, CSV), where a JSON number's shortest
 * form ("1180") is not what they expect.
 */
export function formatRupees(paise: Paise): string {
  const magnitude = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

/** An answer's rupee figure (at most two decimals) as the same decimal text: a report's CSV cell. */
export const rupeesText = (rupees: number): string => formatRupees(toPaise(rupees));

export type RoundingMode = 'half_up' | 'up' | 'down';

/**
 * The one rounding function for money: numerator / denominator rounded to an integer.
 * half_up rounds .5 away from zero; up is ceiling; down is floor. Exact (BigInt).
 */
export function roundDiv(numerator: bigint, denominator: bigint, mode: RoundingMode = 'half_up'): Paise {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const q = numerator / denominator; // truncates toward zero
  const r = numerator % denominator;
  if (r === 0n) return Number(q);
  const negative = numerator < 0n;
  switch (mode) {
    case 'up':
      return Number(negative ? q : q + 1n);
    case 'down':
      return Number(negative ? q - 1n : q);
    case 'half_up': {
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice >= denominator) return Number(negative ? q - 1n : q + 1n);
      return Number(q);
    }
  }
}

/**
 * Splits `total` paise over parts whose exact shares are numerator / denominator (each ≥ 0): each
 * part gets its share rounded down, and the paise left over go one each to the largest remainders
 * (the earlier part on a tie), so the parts add up to `total` exactly (largest-remainder method).
 * `total` must be the sum of the shares rounded, so that 0 to n paise are left over.
 */
export function allocateByRemainder(total: Paise, numerators: readonly bigint[], denominator: bigint): Paise[] {
  if (numerators.some((n) => n < 0n)) throw new RangeError('numerators must not be negative');
  const parts = numerators.map((n) => roundDiv(n, denominator, 'down'));
  const left = total - sum(parts);
  if (left < 0 || left > parts.length) throw new RangeError(`${total} is not the rounded sum of the shares`);
  const byRemainder = numerators.map((n, i) => ({ i, remainder: n % denominator })).sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.i - b.i));
  for (const { i } of byRemainder.slice(0, left)) parts[i]! += 1;
  return parts;
}

export function sum(values: readonly Paise[]): Paise {
  let total = 0;
  for (const v of values) total += v;
  return total;
}
