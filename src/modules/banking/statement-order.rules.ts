import { daysBetween, type LocalDate } from '../../kernel/local-date';
import type { StatementLine } from './statement.types';

/*
 * Where an account's lines stand (docs/rules/banking.md, "Statements in"): a line's sequence is
 * its day's base (days since 1970 × 2^32) plus its place within the day. Lines a file brings
 * to a day are spaced 2^16 apart, so lines a later file brings between them (an overlapping
 * statement that holds a line the earlier one did not) fit without moving any; and a statement
 * older than those stored sorts before them by its days alone, whenever it is imported.
 */

const DAY_SLOTS = 2 ** 32;
const SPACING = 2 ** 16;

export const dayBase = (date: LocalDate) => daysBetween('1970-01-01', date) * DAY_SLOTS;

/** A stored line as placing reads it. */
export interface PlacedLine {
  key: string;
  sequence: number;
}

/**
 * Lines in the bank's order, oldest first: a file listing the newest first is turned round;
 * one whose dates go back and forth is refused at the first line dated before the line above it.
 */
export function inBankOrder<L extends Pick<StatementLine, 'date' | 'line'>>(lines: readonly L[]): { lines: L[] } | { line: number; problem: string } {
  const ordered = lines.length > 1 && lines[0]!.date > lines.at(-1)!.date ? [...lines].reverse() : [...lines];
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]!.date < ordered[i - 1]!.date) {
      return { line: ordered[i]!.line, problem: `dated ${ordered[i]!.date}, before the line above it (${ordered[i - 1]!.date}): a statement lists its lines by date` };
    }
  }
  return { lines: ordered };
}

/**
 * The sequence of each of a file's lines (in bank order): a stored line keeps its own; the new
 * lines of a day go between the stored lines of the file around them, or, on a day where none
 * of the file's lines is stored, after the day's stored lines (before them on the file's last
 * day, when it is not also its first: the file ends where the stored lines go on).
 */
export function placeLines(lines: readonly Pick<StatementLine, 'date'>[], keys: readonly string[], storedByDay: ReadonlyMap<LocalDate, readonly PlacedLine[]>):
  { sequences: number[]; fresh: boolean[] } | { problem: string } {
  const storedSequence = new Map<string, number>();
  for (const day of storedByDay.values()) for (const s of day) storedSequence.set(s.key, s.sequence);
  const sequences = keys.map((k) => storedSequence.get(k) ?? Number.NaN);
  const fresh = sequences.map((s) => Number.isNaN(s));
  const firstDay = lines[0]?.date;
  const lastDay = lines.at(-1)?.date;
  let i = 0;
  while (i < lines.length) {
    if (!fresh[i]) { i++; continue; }
    const date = lines[i]!.date;
    let j = i;
    while (j < lines.length && fresh[j] && lines[j]!.date === date) j++;
    const day = [...(storedByDay.get(date) ?? [])].map((s) => s.sequence).sort((a, b) => a - b);
    const base = dayBase(date);
    const previous = i > 0 && lines[i - 1]!.date === date ? sequences[i - 1]! : null;
    const following = j < lines.length && lines[j]!.date === date ? sequences[j]! : null;
    let lower: number;
    if (previous !== null) lower = previous;
    else if (following !== null) lower = day.filter((s) => s < following).at(-1) ?? base;
    else if (day.length > 0 && date === lastDay && date !== firstDay) lower = base;
    else lower = day.at(-1) ?? base;
    const upper = day.find((s) => s > lower) ?? base + DAY_SLOTS;
    const count = j - i;
    const step = Math.min(SPACING, Math.floor((upper - lower) / (count + 1)));
    if (step < 1) return { problem: `no room is left on ${date} between the stored lines for ${count} more` };
    for (let k = 0; k < count; k++) sequences[i + k] = lower + step * (k + 1);
    i = j;
  }
  return { sequences, fresh };
}
