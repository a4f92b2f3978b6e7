import { daysBetween, type LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { byRank, fit, lineText, type Fit, type ScoredEntry } from './match-score.rules';

/*
 * Suggestions for bank lines (docs/rules/banking.md, "Suggestions and matching"): the entries
 * within the window of a line's date, each with its fit, best first. Only an entry of the line's
 * exact amount is suggested; any entry in the window is a candidate, for a match of several.
 */

export interface LineFacts {
  id: string;
  date: LocalDate;
  valueDate: LocalDate | null;
  narration: string;
  reference: string | null;
  /** + into the account, − out of it. */
  amount: Paise;
}

export type EntryFacts = ScoredEntry & { source: string; sourceId: string };

export type Suggested<E extends EntryFacts> = E & { fit: Fit };

const within = (line: LineFacts, entryDate: LocalDate, windowDays: number) => Math.abs(daysBetween(entryDate, line.date)) <= windowDays;

function ranked<E extends EntryFacts>(line: LineFacts, entries: readonly E[], windowDays: number): Suggested<E>[] {
  const scored = { date: line.date, valueDate: line.valueDate, amount: line.amount, text: lineText(line.narration, line.reference) };
  return entries.filter((e) => within(line, e.date, windowDays)).map((e) => ({ ...e, fit: fit(scored, e, windowDays) })).sort(byRank(line.amount));
}

/** Every entry in the line's window, best first: what a match of several entries is chosen from. */
export const candidatesFor = <E extends EntryFacts>(line: LineFacts, entries: readonly E[], windowDays: number) => ranked(line, entries, windowDays);

/**
 * Each line's entries of exactly its amount within its window, best first. The entries are
 * grouped by amount once, so many lines cost one pass over them, not one each.
 */
export function suggestionsFor<E extends EntryFacts>(lines: readonly LineFacts[], entries: readonly E[], windowDays: number): Map<string, Suggested<E>[]> {
  const byAmount = new Map<Paise, E[]>();
  for (const e of entries) {
    const group = byAmount.get(e.amount);
    if (group) group.push(e);
    else byAmount.set(e.amount, [e]);
  }
  return new Map(lines.map((line) => [line.id, ranked(line, byAmount.get(line.amount) ?? [], windowDays)]));
}
