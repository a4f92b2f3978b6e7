import { formatNumber, type SeriesFormat } from './series.rules';
import { MAX_NUMBER_LENGTH } from './number-length.rules';

/*
 * Whether two series of one registration could ever issue the same number in a financial year
 * (docs/decisions.md, "Invoices and numbering"). Every number is at most 16 characters, so each
 * series' numbers fall into a few shapes, one per length: its fixed characters around a run of
 * digits (zero-padded to `padding`; a longer run starts with 1-9). Two series could coincide
 * when two shapes of one length agree at every position.
 */

/** One position of a shape: a fixed character, any digit, or a digit other than 0. */
type Place = string | 'digit' | 'nonzero';
type Shape = readonly Place[];

const DIGIT = /^[0-9]$/;

/** The shapes of the digit run of a counter padded to `padding`, at most `longest` digits. */
function counterRuns(padding: number, longest: number): Shape[] {
  const runs: Shape[] = [];
  for (let length = padding; length <= longest; length++) {
    runs.push(length === padding ? Array<Place>(length).fill('digit') : ['nonzero', ...Array<Place>(length - 1).fill('digit')]);
  }
  return runs;
}

/** Every shape of a series' numbers in the financial year written `fyLabel`. */
export function seriesShapes(series: SeriesFormat, fyLabel: string): Shape[] {
  const [before, after] = splitAtCounter(series, fyLabel);
  const room = MAX_NUMBER_LENGTH - before.length - after.length;
  return counterRuns(series.padding, room).map((run) => [...before, ...run, ...after]);
}

/** The fixed text before and after `{num}`, filled for the year. */
function splitAtCounter(series: SeriesFormat, fyLabel: string): [string, string] {
  const marker = '\u0000';
  const filled = series.format_template.replace('{num}', marker);
  const [before, after] = formatNumber({ ...series, format_template: filled }, 0, fyLabel).split(marker) as [string, string];
  return [before, after ?? ''];
}

/** Legacy numbering's shapes (INV-YYMMDD-NNNN): a date's six digits, then a counter of at least four. */
export function legacyShapes(): Shape[] {
  const fixed = 'INV-'.length + 6 + '-'.length;
  return counterRuns(4, MAX_NUMBER_LENGTH - fixed).map((run) => [...'INV-', ...Array<Place>(6).fill('digit'), '-', ...run]);
}

/** A number both shapes write, or null when none. */
function commonNumber(a: Shape, b: Shape): string | null {
  if (a.length !== b.length) return null;
  let number = '';
  for (let i = 0; i < a.length; i++) {
    const place = meet(a[i]!, b[i]!);
    if (place === null) return null;
    number += place;
  }
  return number;
}

/** A character both places accept, or null. */
function meet(a: Place, b: Place): string | null {
  const fixed = (p: Place) => p !== 'digit' && p !== 'nonzero';
  if (fixed(a) && fixed(b)) return a === b ? a : null;
  if (fixed(a) || fixed(b)) {
    const [char, place] = fixed(a) ? [a, b] : [b, a];
    if (!DIGIT.test(char)) return null;
    return place === 'nonzero' && char === '0' ? null : char;
  }
  return a === 'nonzero' || b === 'nonzero' ? '1' : '0';
}

/** A number both sets of shapes could write (an example for the message), or null when they never meet. */
export function sharedNumber(a: readonly Shape[], b: readonly Shape[]): string | null {
  for (const x of a) {
    for (const y of b) {
      const number = commonNumber(x, y);
      if (number !== null) return number;
    }
  }
  return null;
}
