import { groupBy } from './gstr1.rules';

/** A numbered document of the range: its number and whether it was voided. */
export interface IssuedDocument { number: string; cancelled: boolean }

/** The series of a number: the number without its trailing digits (INV-000123 → INV-). */
export const seriesOf = (number: string) => number.replace(/\d+$/, '');

/** Orders numbers of one series by their running part: a longer run of digits is a larger number. */
const byRunningNumber = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * GSTR-1's documents-issued rows of one kind: per series, the first and last number, how many
 * were issued, how many of them are voided, and the net. Series in name order.
 */
export function documentSeries(documents: readonly IssuedDocument[]) {
  return groupBy(documents, (d) => seriesOf(d.number)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, docs], i) => {
    const numbers = docs.map((d) => d.number).sort(byRunningNumber);
    const cancel = docs.filter((d) => d.cancelled).length;
    return { num: i + 1, series: name, from: numbers[0]!, to: numbers[numbers.length - 1]!, totnum: docs.length, cancel, net_issue: docs.length - cancel };
  });
}
