import { daysBetween } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import type { BooksDocument, Gstr2bDocument, SupplierDocumentKey, TaxHeads } from './itc-documents';

/*
 * GSTR-2B matched to the books (docs/rules/itc-reconciliation.md, "Matching"): each 2B document
 * with at most one inward document of the books, and what credit the pair allows. Pure: the
 * reconciliation reads both sides and the people's decisions, and stores nothing of this.
 */

export type MatchStatus = 'matched' | 'mismatched' | 'missing_in_books' | 'missing_in_2b' | 'suggested';
export type MatchField = 'document_date' | 'taxable_value' | 'igst' | 'cgst' | 'sgst' | 'cess' | 'document_number';
/** Money as paise numbers, dates as YYYY-MM-DD. */
export interface Difference { field: MatchField; gstr2b: string | number; books: string | number }
export interface ManualDecision { gstr2bKey: string; booksId: string; decision: 'LINKED' | 'REFUSED' }
export interface Pair {
  status: MatchStatus;
  gstr2b: Gstr2bDocument | null;
  books: BooksDocument | null;
  differences: Difference[];
  /** The books date the document in another month than the 2B period reports it. */
  crossPeriod: boolean;
  /** How the pair was made: by the normalised number, a probable pair by amount and date, or a person's link. */
  basis: 'number' | 'amount_and_date' | 'manual' | null;
  /** Credit the pair allows per head: a matched pair the 2B's, a mismatched pair the lower of the two per head (never below 0 for an invoice). */
  eligible: TaxHeads;
}
export interface MatchOptions {
  /** The difference per figure still taken as equal (preference itcMatchTolerance). */
  tolerance: Paise;
  decisions: readonly ManualDecision[];
  /** The 2B's return period, MMYYYY. */
  period: string;
}

/** What identifies a supplier's document across 2B files, IMS actions and the books. */
export const supplierDocumentKey = (k: SupplierDocumentKey): string =>
  `${k.supplierGstin ?? ''}|${k.documentType}|${k.financialYear}|${k.numberKey}`;

/** How far apart a probable pair's dates may be: a month's filing either side of the books' date. */
const SUGGESTION_DAYS = 30;
const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;
const noCredit = (): TaxHeads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
const taxOf = (d: TaxHeads) => d.igst + d.cgst + d.sgst + d.cess;
const periodOf = (date: string) => `${date.slice(5, 7)}${date.slice(0, 4)}`;

/** The figures that differ beyond the tolerance, each with both values; the number only where the pair was not made by it. */
function differencesOf(g: Gstr2bDocument, b: BooksDocument, tolerance: Paise, byNumber: boolean): Difference[] {
  const out: Difference[] = [];
  if (!byNumber && g.numberKey !== b.numberKey) out.push({ field: 'document_number', gstr2b: g.documentNumber, books: b.documentNumber });
  if (g.documentDate !== b.documentDate) out.push({ field: 'document_date', gstr2b: g.documentDate, books: b.documentDate });
  if (Math.abs(g.taxableValue - b.taxableValue) > tolerance) out.push({ field: 'taxable_value', gstr2b: g.taxableValue, books: b.taxableValue });
  for (const head of HEADS) if (Math.abs(g[head] - b[head]) > tolerance) out.push({ field: head, gstr2b: g[head], books: b[head] });
  return out;
}

/**
 * The credit a pair allows per head: the lower credit of the two sides. A credit note takes
 * credit away, so its lower credit is the larger reduction; a rejected document allows none.
 */
function eligibleOf(g: Gstr2bDocument, b: BooksDocument, matched: boolean): TaxHeads {
  if (g.rejected) return noCredit();
  if (matched) return { igst: g.igst, cgst: g.cgst, sgst: g.sgst, cess: g.cess };
  const pick = g.documentType === 'CN' || g.documentType === 'ISDC' ? Math.max : Math.min;
  const head = (h: (typeof HEADS)[number]) => Math.max(0, pick(g[h], b[h]));
  return { igst: head('igst'), cgst: head('cgst'), sgst: head('sgst'), cess: head('cess') };
}

function paired(g: Gstr2bDocument, b: BooksDocument, basis: 'number' | 'manual', o: MatchOptions): Pair {
  const differences = differencesOf(g, b, o.tolerance, basis === 'number');
  // A number written differently is shown, but a person who linked the two has said they are one document.
  const matched = differences.every((d) => d.field === 'document_number');
  return {
    status: matched ? 'matched' : 'mismatched', gstr2b: g, books: b, differences,
    crossPeriod: periodOf(b.documentDate) !== o.period, basis, eligible: eligibleOf(g, b, matched),
  };
}

/** A probable pair is a person's to link or refuse: until then it allows no credit. */
const suggested = (g: Gstr2bDocument, b: BooksDocument, o: MatchOptions): Pair => ({
  status: 'suggested', gstr2b: g, books: b, differences: differencesOf(g, b, o.tolerance, false),
  crossPeriod: periodOf(b.documentDate) !== o.period, basis: 'amount_and_date', eligible: noCredit(),
});

function groupBy<T>(items: readonly T[], keyOf: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The first index of a list sorted by taxable value whose value is at least `value`. */
function firstAtLeast(sorted: readonly BooksDocument[], value: number): number {
  let [lo, hi] = [0, sorted.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.taxableValue < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Pairs each GSTR-2B document with at most one books document and each books document with at
 * most one 2B document, in this order: a person's links; the same supplier, type, financial year
 * and normalised number; a probable pair (same supplier and type, taxable value and total tax
 * within the tolerance, dates within 30 days, the nearest date first). A refused pair is never
 * made. What is left stands alone. The 2B's documents come first, in their order, then the
 * books' left alone.
 */
export function matchDocuments(gstr2b: readonly Gstr2bDocument[], books: readonly BooksDocument[], options: MatchOptions): Pair[] {
  const keyOf = new Map(gstr2b.map((g) => [g, supplierDocumentKey(g)]));
  const refused = new Set(options.decisions.filter((d) => d.decision === 'REFUSED').map((d) => `${d.gstr2bKey}\u0000${d.booksId}`));
  const pairs = new Map<Gstr2bDocument, Pair>();
  const takenBooks = new Set<BooksDocument>();
  const take = (pair: Pair) => { pairs.set(pair.gstr2b!, pair); takenBooks.add(pair.books!); };
  const free = (g: Gstr2bDocument, b: BooksDocument) => !takenBooks.has(b) && (refused.size === 0 || !refused.has(`${keyOf.get(g)}\u0000${b.id}`));

  const gstr2bByKey = groupBy(gstr2b, (g) => keyOf.get(g)!);
  const booksById = new Map(books.map((b) => [b.id, b]));
  for (const d of options.decisions) {
    if (d.decision !== 'LINKED') continue;
    const g = gstr2bByKey.get(d.gstr2bKey)?.find((x) => !pairs.has(x));
    const b = booksById.get(d.booksId);
    if (g && b && !takenBooks.has(b)) take(paired(g, b, 'manual', options));
  }

  const booksByKey = groupBy(books, supplierDocumentKey);
  for (const g of gstr2b) {
    if (pairs.has(g)) continue;
    const b = booksByKey.get(keyOf.get(g)!)?.find((x) => free(g, x));
    if (b) take(paired(g, b, 'number', options));
  }

  const supplierOf = (d: SupplierDocumentKey) => `${d.supplierGstin ?? ''}|${d.documentType}`;
  const bySupplier = groupBy(books.filter((b) => !takenBooks.has(b)), supplierOf);
  for (const group of bySupplier.values()) group.sort((x, y) => x.taxableValue - y.taxableValue);
  for (const g of gstr2b) {
    if (pairs.has(g)) continue;
    const candidates = bySupplier.get(supplierOf(g)) ?? [];
    let best: { b: BooksDocument; days: number } | null = null;
    for (let i = firstAtLeast(candidates, g.taxableValue - options.tolerance); i < candidates.length; i++) {
      const b = candidates[i]!;
      if (b.taxableValue > g.taxableValue + options.tolerance) break;
      if (Math.abs(taxOf(g) - taxOf(b)) > options.tolerance || !free(g, b)) continue;
      const days = Math.abs(daysBetween(g.documentDate, b.documentDate));
      if (days > SUGGESTION_DAYS) continue;
      if (!best || days < best.days) best = { b, days };
    }
    if (best) take(suggested(g, best.b, options));
  }

  const alone = (status: MatchStatus, g: Gstr2bDocument | null, b: BooksDocument | null): Pair => ({
    status, gstr2b: g, books: b, differences: [], crossPeriod: false, basis: null, eligible: noCredit(),
  });
  return [
    ...gstr2b.map((g) => pairs.get(g) ?? alone('missing_in_books', g, null)),
    ...books.filter((b) => !takenBooks.has(b)).map((b) => alone('missing_in_2b', null, b)),
  ];
}
