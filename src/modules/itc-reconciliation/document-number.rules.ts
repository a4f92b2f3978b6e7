/*
 * The key a supplier's document number is matched by (docs/rules/itc-reconciliation.md,
 * "Matching"): the same invoice is written `INV/0012/2025-26` by its supplier and `inv-12` by
 * whoever keyed the bill. Case, separators, leading zeros and the document's own financial year
 * written into the number do not distinguish documents; matching is within one financial year,
 * so the year adds nothing.
 */

/** Each financial year's pattern, built once: a month's 20,000 numbers share a year or two. */
const patterns = new Map<string, RegExp>();

/** The ways a financial year is written into a number, for `2025-26`: `2025-26`, `25-26`, `2025-2026`, `25/26`, `FY25-26`, `FY2025-26`, `FY26`. */
function yearPatterns(financialYear: string): RegExp {
  const known = patterns.get(financialYear);
  if (known) return known;
  const start = financialYear.slice(0, 4);
  const end = String(Number(start) + 1);
  const [s2, e2] = [start.slice(2), end.slice(2)];
  const years = `(?:FY ?)?(?:${start}|${s2}) ?[-/] ?(?:${end}|${e2})|FY ?(?:${end}|${e2})`;
  // Only as a segment of its own, at the start or the end of the number.
  const pattern = new RegExp(`^(?:${years})(?=[^A-Z0-9]|$)|(?<=^|[^A-Z0-9])(?:${years})$`, 'g');
  patterns.set(financialYear, pattern);
  return pattern;
}

/**
 * `INV/0012/2025-26`, `inv-12`, `INV 12 (25-26)` → `INV12` for financial year `2025-26`. A number
 * that is nothing but its year keeps it.
 */
export function documentNumberKey(number: string, financialYear: string): string {
  const upper = number.toUpperCase().trim();
  const withoutYear = upper.replace(/[()[\]]/g, ' ').trim().replace(yearPatterns(financialYear), '');
  const significant = /[A-Z0-9]/.test(withoutYear) ? withoutYear : upper;
  return significant.replace(/[^A-Z0-9]/g, '').replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, ''));
}
