import { groupBy } from './gstr1.rules';

/**
 * A numbered document of the range: its number, the series that issued it (null for a number
 * given by hand or numbered by date) and whether it counts as cancelled (voided, or a deleted draft).
 */
export interface IssuedDocument { number: string; seriesId: string | null; cancelled: boolean }

/** The shape of a number, each run of digits written # (INV/001/2026-27 → INV/#/#-#). */
export const shapeOf = (number: string) => number.replace(/\d+/g, '#');

const RUNS = /\d+|\D+/g;
const compare = <T>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
/** A run of digits as a number that sorts by value: a longer run without its leading zeros is larger. */
const digitsKey = (run: string) => run.replace(/^0+(?=\d)/, '').padStart(20, '0');

/** Orders numbers of one series run by run, digits by value: INV/9/2026-27 before INV/10/2026-27. */
function byRunningNumber(a: string, b: string): number {
  const [x, y] = [a.match(RUNS) ?? [], b.match(RUNS) ?? []];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [p, q] = [x[i]!, y[i]!];
    const order = /\d/.test(p[0]!) && /\d/.test(q[0]!) ? compare(digitsKey(p), digitsKey(q)) : compare(p, q);
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

/**
 * GSTR-1's documents-issued rows of one kind: per series that issued the numbers (numbers given by
 * hand grouped by their shape), the first and last number, how many were issued, how many of
 * them are cancelled, and the net. Rows in shape order.
 */
export function documentSeries(documents: readonly IssuedDocument[]) {
  const groups = groupBy(documents, (d) => `${shapeOf(d.number)}|${d.seriesId ?? ''}`).sort(([a], [b]) => compare(a, b));
  return groups.map(([, docs], i) => {
    const numbers = docs.map((d) => d.number).sort(byRunningNumber);
    const cancel = docs.filter((d) => d.cancelled).length;
    return { num: i + 1, series: shapeOf(numbers[0]!), from: numbers[0]!, to: numbers[numbers.length - 1]!, totnum: docs.length, cancel, net_issue: docs.length - cancel };
  });
}
