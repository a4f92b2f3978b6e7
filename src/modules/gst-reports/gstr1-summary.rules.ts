import { sum, toPaise, toRupees, type Paise } from '../../kernel/money';
import { gstr1Rows } from './gstr1-csv.rules';
import type { Gstr1 } from './gstr1.schemas';

/* The totals of GSTR-1's sections, and its reconciliation with the output GST ledgers document by document. */

const TAXED_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exp'] as const;
const AMOUNTS = ['txval', 'iamt', 'camt', 'samt', 'csamt'] as const;

/** Each taxed section's document count (b2cs: its rows) and amounts, as the portal shows them (notes positive). */
export function sectionTotals(gstr1: Gstr1) {
  return TAXED_SECTIONS.map((section) => {
    const rows = gstr1Rows(gstr1, section);
    const documents = section === 'b2cs' ? rows.length : new Set(rows.map((r) => r.inum ?? r.nt_num)).size;
    const total = (key: string) => toRupees(sum(rows.map((r) => toPaise(Number(r[key] ?? 0)))));
    return { section, documents, ...Object.fromEntries(AMOUNTS.map((a) => [a, total(a)])) as Record<(typeof AMOUNTS)[number], number> };
  });
}

/** A source of output tax: a document of the return, or an entry of the books (a manual journal, say). */
export interface TaxBySource { source: string; sourceId: string; number: string | null; tax: Paise }

/**
 * The return's tax against the books' (credit less debit on the output GST ledgers), per source;
 * every source where the two differ is listed, with what each side says.
 */
export function reconcile(returned: readonly TaxBySource[], books: readonly TaxBySource[]) {
  const sides = new Map<string, { source: string; sourceId: string; number: string | null; returned: Paise; books: Paise }>();
  const add = (s: TaxBySource, side: 'returned' | 'books') => {
    const key = `${s.source}|${s.sourceId}`;
    const row = sides.get(key) ?? { source: s.source, sourceId: s.sourceId, number: s.number, returned: 0, books: 0 };
    row[side] += s.tax;
    row.number ??= s.number;
    sides.set(key, row);
  };
  returned.forEach((s) => add(s, 'returned'));
  books.forEach((s) => add(s, 'books'));
  const rows = [...sides.values()];
  const differences = rows.filter((r) => r.returned !== r.books).map((r) => ({
    source: r.source, source_id: r.sourceId, number: r.number,
    return_tax: toRupees(r.returned), books_tax: toRupees(r.books), difference: toRupees(r.returned - r.books),
  }));
  const [returnTax, booksTax] = [sum(rows.map((r) => r.returned)), sum(rows.map((r) => r.books))];
  return { return_tax: toRupees(returnTax), books_tax: toRupees(booksTax), difference: toRupees(returnTax - booksTax), differences };
}
