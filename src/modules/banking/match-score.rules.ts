import { daysBetween, type LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';

/*
 * How well a book entry fits a bank line (docs/rules/banking.md, "Suggestions and matching"): a
 * score of 0-100 from the amount, the dates, a reference and the party, with the reasons that
 * earned it. Pure: the narration and the party are read into words once, then compared.
 */

export type MatchReason = 'amount' | 'date' | 'reference' | 'party' | 'upi';

/** The points each signal gives: an exact amount is the main signal; the four add up to 100. */
export const POINTS = { amount: 50, reference: 25, party: 15, date: 10 } as const;

/** Days between the line and the entry, and the date points they earn: the same day 10, a day apart 8, up to three 5, within the window 2. */
export function datePoints(days: number, windowDays: number): number {
  if (days === 0) return POINTS.date;
  if (days <= 1) return 8;
  if (days <= 3) return 5;
  return days <= windowDays ? 2 : 0;
}

/** Dates three days apart or less are a reason; further within the window they only keep the entry a candidate. */
const CLOSE_DAYS = 3;

/** Words of a company's name that say nothing about which company it is. */
const NAME_NOISE = new Set(['THE', 'AND', 'M', 'S', 'MS', 'PVT', 'PRIVATE', 'LTD', 'LIMITED', 'LLP', 'OPC', 'INC', 'CO']);

const wordsOf = (text: string) => text.toUpperCase().split(/[^A-Z0-9]+/).filter((w) => w.length > 0);

/**
 * A reference as compared: letters and digits only, upper case, and a number without its leading
 * zeros (a cheque 000123 is the cheque 123). Null unless it has 4 characters or more and a digit:
 * shorter codes and plain words (NEFT, UPI) say nothing about which payment it is.
 */
export function referenceKey(text: string | null | undefined): string | null {
  const compact = (text ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (compact.length < 4 || !/[0-9]/.test(compact)) return null;
  return /^[0-9]+$/.test(compact) ? compact.replace(/^0+(?=.)/, '') : compact;
}

/** A bank line's text read once: its words, the references it carries and its narration in lower case. */
export interface LineText {
  words: readonly string[];
  /** The line's reference and every word of the narration that could be a UTR or cheque number, as referenceKey gives them. */
  references: ReadonlySet<string>;
  /** The narration's letters and digits only, upper case: where a longer reference or a name written without spaces is looked for. */
  compact: string;
  lower: string;
}

export function lineText(narration: string, reference: string | null): LineText {
  const words = wordsOf(narration);
  const references = new Set([reference, ...words].map(referenceKey).filter((k): k is string => k !== null));
  return { words, references, compact: words.join(''), lower: narration.toLowerCase() };
}

/** A party as looked for in a narration: each of its names as significant words, and its UPI handle. */
export interface PartyText {
  names: readonly (readonly string[])[];
  upi: string | null;
}

export function partyText(names: readonly (string | null | undefined)[], upiVpa: string | null): PartyText {
  const read = names.filter((n): n is string => Boolean(n)).map((n) => wordsOf(n).filter((w) => !NAME_NOISE.has(w)))
    .filter((words) => words.length > 0);
  return { names: read, upi: upiVpa ? upiVpa.toLowerCase() : null };
}

/**
 * A name is in the narration when its whole first word is a word of it and the word after is the
 * name's second word, whole or cut short by the bank to 3 letters or more ("ACME TRAD" for Acme
 * Traders); a one-word name needs 4 letters. Or when its words written together (6 characters or
 * more) stand in the narration, as UPI narrations write them ("ACMETRADERS").
 */
export function nameInNarration(name: readonly string[], line: LineText): boolean {
  const [first, second] = name;
  if (!first) return false;
  const joined = name.join('');
  if (joined.length >= 6 && line.compact.includes(joined)) return true;
  if (second === undefined && first.length < 4) return false;
  for (let i = 0; i < line.words.length; i++) {
    if (line.words[i] !== first) continue;
    if (second === undefined) return true;
    const next = line.words[i + 1];
    if (next !== undefined && (next === second || (next.length >= 3 && second.startsWith(next)))) return true;
  }
  return false;
}

/**
 * The UPI handle is in the narration whole, or cut short after the `@` as banks print it
 * ("acme@okhdf" for acme@okhdfcbank: the same name and 2 or more letters of the provider).
 */
export function upiInNarration(upi: string, line: LineText): boolean {
  const at = upi.indexOf('@');
  const [handle, provider] = [upi.slice(0, at), upi.slice(at + 1)];
  for (let i = line.lower.indexOf('@'); i >= 0; i = line.lower.indexOf('@', i + 1)) {
    const start = i - handle.length;
    // The handle stands whole before the `@`: at the start, or after a character no handle begins with.
    if (start < 0 || line.lower.slice(start, i) !== handle || (start > 0 && /[a-z0-9]/.test(line.lower[start - 1]!))) continue;
    const cut = /^[a-z0-9]*/.exec(line.lower.slice(i + 1))![0];
    if (cut.length >= 2 && provider.startsWith(cut)) return true;
  }
  return false;
}

/** The facts of a bank line that scoring reads. */
export interface ScoredLine {
  date: LocalDate;
  valueDate: LocalDate | null;
  /** + money into the account, − out of it. */
  amount: Paise;
  text: LineText;
}

/** The facts of a book entry that scoring reads. */
export interface ScoredEntry {
  date: LocalDate;
  /** Its posting to the line's account: + into it, − out of it. */
  amount: Paise;
  reference: string | null;
  party: PartyText;
}

export interface Fit {
  score: number;
  reasons: MatchReason[];
  /** The entry's amount is the line's, to the paisa. */
  exact: boolean;
  /** Days from the entry to the nearer of the line's date and value date. */
  days: number;
}

/** Days from the entry to the line: to its date or its value date, whichever is nearer (a cheque is booked when written, the bank dates its clearing). */
export function daysApart(line: Pick<ScoredLine, 'date' | 'valueDate'>, entryDate: LocalDate): number {
  const toDate = Math.abs(daysBetween(entryDate, line.date));
  return line.valueDate === null ? toDate : Math.min(toDate, Math.abs(daysBetween(entryDate, line.valueDate)));
}

export function fit(line: ScoredLine, entry: ScoredEntry, windowDays: number): Fit {
  const reasons: MatchReason[] = [];
  let score = 0;
  const exact = entry.amount === line.amount;
  if (exact) {
    score += POINTS.amount;
    reasons.push('amount');
  }
  const days = daysApart(line, entry.date);
  score += datePoints(days, windowDays);
  if (days <= CLOSE_DAYS) reasons.push('date');
  const reference = referenceKey(entry.reference);
  if (reference !== null && (line.text.references.has(reference) || (reference.length >= 6 && line.text.compact.includes(reference)))) {
    score += POINTS.reference;
    reasons.push('reference');
  }
  const byName = entry.party.names.some((name) => nameInNarration(name, line.text));
  const byUpi = entry.party.upi !== null && upiInNarration(entry.party.upi, line.text);
  // The party counts once, whether its name, its UPI handle or both say it.
  if (byName || byUpi) score += POINTS.party;
  if (byName) reasons.push('party');
  if (byUpi) reasons.push('upi');
  return { score, reasons, exact, days };
}

/** An entry with its fit, and what breaks ties between equal fits. */
export interface Ranked {
  fit: Fit;
  amount: Paise;
  date: LocalDate;
  source: string;
  sourceId: string;
}

/**
 * Best first: the higher score; then an exact amount; then the nearer date; then the amount
 * nearer the line's; then the earlier entry; then source and id, so the order never depends on
 * how the rows were read.
 */
export function byRank(lineAmount: Paise) {
  return (a: Ranked, b: Ranked): number => b.fit.score - a.fit.score
    || Number(b.fit.exact) - Number(a.fit.exact)
    || a.fit.days - b.fit.days
    || Math.abs(a.amount - lineAmount) - Math.abs(b.amount - lineAmount)
    || a.date.localeCompare(b.date)
    || a.source.localeCompare(b.source)
    || a.sourceId.localeCompare(b.sourceId);
}
