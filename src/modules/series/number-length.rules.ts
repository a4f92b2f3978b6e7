import { DomainError } from '../../kernel/errors';

/**
 * CGST Rule 46(b): a document's serial number is at most 16 characters of letters, digits,
 * `-` and `/`. Every number the service issues is held to it (docs/rules/numbering.md, "At most 16 characters").
 */
export const MAX_NUMBER_LENGTH = 16;

/** docs/rules/numbering.md, "At most 16 characters": a series' fixed part must leave at least 4 digits (9,999 numbers) for its counter. */
const MIN_COUNTER_DIGITS = 4;

const ALLOWED = /^[A-Za-z0-9/-]*$/;

export interface SeriesShape {
  prefix: string;
  padding: number;
  format_template: string;
}

/** The template as formatNumber fills it, `{num}` aside; the year is always as long (2025-26, 25-26). */
const filled = (template: string, prefix: string) => template.replaceAll('{prefix}', prefix).replaceAll('{fy_short}', '25-26').replaceAll('{fy}', '2025-26');

/** Which create field makes a series unable to issue Rule 46(b) numbers, and why; null when none does. */
export function seriesShapeFault(shape: SeriesShape): { field: keyof SeriesShape; message: string } | null {
  const around = filled(shape.format_template, shape.prefix).split('{num}');
  if (around.length !== 2) return { field: 'format_template', message: 'format_template must contain {num} exactly once' };
  const fixed = around.join('');
  if (!ALLOWED.test(fixed)) {
    return { field: 'format_template', message: 'besides {prefix}, {fy} and {num}, format_template may hold only letters, digits, - and / (Rule 46(b))' };
  }
  const digits = MAX_NUMBER_LENGTH - fixed.length;
  if (digits < MIN_COUNTER_DIGITS) {
    // The template is at fault when it leaves too little room even with an empty prefix.
    const templateOnly = filled(shape.format_template, '').replace('{num}', '').length;
    const field = MAX_NUMBER_LENGTH - templateOnly < MIN_COUNTER_DIGITS ? 'format_template' : 'prefix';
    return { field, message: `numbers are at most ${MAX_NUMBER_LENGTH} characters (Rule 46(b)): the fixed part, ${fixed.length}, leaves ${Math.max(digits, 0)} for the counter, which needs ${MIN_COUNTER_DIGITS}` };
  }
  if (shape.padding > digits) return { field: 'padding', message: `the fixed part leaves ${digits} characters for the counter (Rule 46(b): ${MAX_NUMBER_LENGTH} in all), fewer than padding ${shape.padding}` };
  return null;
}

/** How many numbers a series has room for (a year, when its numbers show the year) within Rule 46(b)'s 16 characters. */
export function roomOf(shape: SeriesShape): number {
  const digits = MAX_NUMBER_LENGTH - filled(shape.format_template, shape.prefix).replace('{num}', '').length;
  return digits < shape.padding ? 0 : 10 ** digits - 1;
}

/** Whether a series has used more than 90% of its room: time to warn before it runs out. */
export const nearlyExhausted = (used: number, room: number) => used * 10 > room * 9;

/** The number when it is within Rule 46(b)'s 16 characters; else the series has run out (409, and the caller's transaction rolls back). */
export function withinRule46(seriesName: string, number: string): string {
  if (number.length <= MAX_NUMBER_LENGTH) return number;
  throw new DomainError('conflict.series_exhausted', `series ${seriesName} has issued its last number of at most ${MAX_NUMBER_LENGTH} characters (Rule 46(b)); the next would be ${number.length}`, {
    details: { series_name: seriesName },
  });
}
