import type { LocalDate } from '../../kernel/local-date';
import type { BooksDocument, Gstr2bDocument, TaxHeads } from './itc-documents';
import type { Pair } from './matcher.rules';

/*
 * GSTR-3B table 4 on the GSTR-2B basis (docs/rules/itc-reconciliation.md, "GSTR-3B from 2B";
 * Circular 170/02/2022-GST): what the suppliers' filings and the recipient's IMS actions allow in
 * one return period, and, document by document, where that differs from the books.
 */

/** The rows of 4(A) by the portal's `ty`. */
export type AvailableRow = 'IMPG' | 'IMPS' | 'ISRC' | 'ISD' | 'OTH';

/** What the recipient's IMS action (or its absence) makes of a supplier document when 2B is generated. */
export interface ImsStanding {
  status: 'ACCEPTED' | 'DEEMED_ACCEPTED' | 'REJECTED' | 'PENDING';
  /** An accepted credit note: the credit to reduce, when less than the note's tax (a partial or no reduction). */
  reduction?: TaxHeads;
}

export interface Table4Input {
  /** Every pair of the reconciliation window: the period's own, and earlier ones that a document booked in the period completes. */
  pairs: readonly Pair[];
  period: { from: LocalDate; to: LocalDate };
  /** Whether a 2B return period (MMYYYY) falls within the return period. */
  inPeriod(gstr2bPeriod: string): boolean;
  imsStanding(document: Gstr2bDocument): ImsStanding;
  /** Credit of the books that 2B never carries: import of services (4(A)(2)) and other reverse charge (4(A)(3)), both paid in this return's 3.1(d); their blocked part. */
  reverseCharge: { IMPS: TaxHeads; ISRC: TaxHeads; blocked: TaxHeads };
  /** Rule 37 in the period: credit reversed (4(B)(2)) and reclaimed once paid (4(A)(5) and 4(D)(1)). */
  rule37: { reversed: TaxHeads; reclaimed: TaxHeads };
}

/** Why a document's credit on the 2B basis is not what the books claim in the period. */
export type DifferenceReason =
  | 'not_in_gstr2b' | 'in_later_gstr2b' | 'booked_earlier' | 'not_in_books' | 'received_later' | 'received_now'
  | 'amounts_differ' | 'rejected' | 'pending' | 'not_available' | 'credit_note_reduction' | 'isd_distribution';

export interface CreditDifference {
  gstr2b: Gstr2bDocument | null;
  books: BooksDocument | null;
  reason: DifferenceReason;
  /** The credit the books basis takes for it in the period, and the 2B basis (net of what 4(B) reverses and with 4(D)(1)'s reclaim). */
  booksCredit: TaxHeads;
  gstr2bCredit: TaxHeads;
}

export interface Table4 {
  available: Record<AvailableRow, TaxHeads>;
  /** 4(B)(1) (Rules 38, 42, 43 and s.17(5)) and 4(B)(2) (others). */
  reversed: { RUL: TaxHeads; OTH: TaxHeads };
  /** 4(D)(1) reclaimed after an earlier 4(B)(2), and 4(D)(2) ineligible. */
  ineligible: { RUL: TaxHeads; OTH: TaxHeads };
  differences: CreditDifference[];
}

/** Listed even when the net credit agrees: 4(A) and 4(B) hold them, or a person should act on them. */
const ALWAYS_LISTED = new Set<DifferenceReason>(['not_in_books', 'received_later', 'rejected', 'pending', 'not_available']);
const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;
const none = (): TaxHeads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
const heads = (h: TaxHeads): TaxHeads => ({ igst: h.igst, cgst: h.cgst, sgst: h.sgst, cess: h.cess });
const scaled = (h: TaxHeads, by: 1 | -1): TaxHeads => ({ igst: by * h.igst, cgst: by * h.cgst, sgst: by * h.sgst, cess: by * h.cess });
const lowerOf = (a: TaxHeads, b: TaxHeads): TaxHeads => ({ igst: Math.min(a.igst, b.igst), cgst: Math.min(a.cgst, b.cgst), sgst: Math.min(a.sgst, b.sgst), cess: Math.min(a.cess, b.cess) });
const addTo = (into: TaxHeads, h: TaxHeads) => { for (const k of HEADS) into[k] += h[k]; };
const same = (a: TaxHeads, b: TaxHeads) => HEADS.every((k) => a[k] === b[k]);

/** A note that takes credit back: a supplier's credit note, an ISD credit note. */
const signOf = (d: Gstr2bDocument): 1 | -1 => (d.documentType === 'CN' || d.documentType === 'ISDC' ? -1 : 1);
const rowOf = (d: Gstr2bDocument): AvailableRow => (d.section === 'impg' || d.section === 'impgsez' ? 'IMPG' : d.section === 'isd' || d.section === 'isda' ? 'ISD' : 'OTH');

/** The credit a pair allows, before its sign: the 2B's own figures, or the lower of the two per head where they differ beyond the tolerance. */
const allowed = (pair: Pair, d: Gstr2bDocument): TaxHeads => (pair.status === 'mismatched' ? pair.eligible : heads(d));

/** The books take a document's whole tax in the period of its date (4(A) of the books basis), a note against it negative. */
function booksCreditOf(b: BooksDocument | null, period: Table4Input['period']): TaxHeads {
  if (b === null || b.documentDate < period.from || b.documentDate > period.to) return none();
  return scaled(heads(b), b.documentType === 'CN' ? -1 : 1);
}

export function buildTable4(input: Table4Input): Table4 {
  const available: Record<AvailableRow, TaxHeads> = { IMPG: none(), IMPS: heads(input.reverseCharge.IMPS), ISRC: heads(input.reverseCharge.ISRC), ISD: none(), OTH: none() };
  const reversed = { RUL: heads(input.reverseCharge.blocked), OTH: heads(input.rule37.reversed) };
  const ineligible = { RUL: heads(input.rule37.reclaimed), OTH: none() };
  addTo(available.OTH, input.rule37.reclaimed);
  const differences: CreditDifference[] = [];
  const note = (pair: Pair, reason: DifferenceReason, gstr2bCredit: TaxHeads) => {
    const booksCredit = booksCreditOf(pair.books, input.period);
    if (!same(booksCredit, gstr2bCredit) || ALWAYS_LISTED.has(reason)) differences.push({ gstr2b: pair.gstr2b, books: pair.books, reason, booksCredit, gstr2bCredit });
  };

  for (const pair of input.pairs) {
    const d = pair.gstr2b;
    // A suggested pair is no pair until a person links it: its 2B document stands as one the books lack.
    const booked = pair.status === 'suggested' ? undefined : pair.books?.documentDate;
    if (d === null) {
      // In the books, not in any 2B of the window: deferred until a 2B reports it.
      if (booked !== undefined && booked >= input.period.from && booked <= input.period.to) note(pair, 'not_in_gstr2b', none());
      continue;
    }
    // A reverse-charge supply's credit is the tax the recipient paid (4(A)(3), from the books), whatever 2B says.
    if (d.reverseCharge) continue;
    if (!input.inPeriod(d.period)) {
      // Reported in an earlier 2B before the goods came: claimed and reversed then, reclaimed now that they are booked (4(A)(5) and 4(D)(1)).
      if (booked === undefined || booked < input.period.from || booked > input.period.to) continue;
      if (!periodEndsBefore(d.period, booked)) { note(pair, 'in_later_gstr2b', none()); continue; }
      const reclaim = claimable(d, input) ? scaled(allowed(pair, d), signOf(d)) : none();
      addTo(available[rowOf(d)], reclaim);
      addTo(ineligible.RUL, reclaim);
      note(pair, 'received_now', reclaim);
      continue;
    }
    const standing = input.imsStanding(d);
    if (d.rejected || standing.status === 'REJECTED') { note(pair, 'rejected', none()); continue; }
    if (standing.status === 'PENDING') { note(pair, 'pending', none()); continue; }
    if (d.itcAvailable !== 'Y') {
      // `itcavl` N: 4(D)(2) (s.16(4) or place-of-supply restrictions); T: not yet available, nowhere.
      if (d.itcAvailable === 'N') addTo(ineligible.OTH, heads(d));
      note(pair, 'not_available', none());
      continue;
    }
    const sign = signOf(d);
    const credit = scaled(sign === -1 && standing.reduction ? standing.reduction : allowed(pair, d), sign);
    addTo(available[rowOf(d)], credit);
    // Not in the books by the period's end: goods or services not yet received (s.16(2)(b)), reversed in 4(B)(2) until they are.
    // An ISD's distribution is no supply received: nothing to wait for, and the books hold no document of it.
    const isd = rowOf(d) === 'ISD';
    const notReceived = !isd && (booked === undefined || booked > input.period.to);
    if (notReceived && sign === 1) {
      addTo(reversed.OTH, credit);
      note(pair, booked === undefined ? 'not_in_books' : 'received_later', none());
      continue;
    }
    if (pair.books?.blocked) addTo(reversed.RUL, lowerOf(pair.books.blocked, credit));
    const reason: DifferenceReason = isd ? 'isd_distribution' : sign === -1 && standing.reduction ? 'credit_note_reduction' : pair.status === 'mismatched' ? 'amounts_differ' : 'booked_earlier';
    note(pair, reason, credit);
  }
  // Credit notes beyond the period's credit: the excess is reversed in 4(B)(2), never a negative 4(A)(5).
  for (const k of HEADS) {
    if (available.OTH[k] < 0) {
      reversed.OTH[k] -= available.OTH[k];
      available.OTH[k] = 0;
    }
  }
  return { available, reversed, ineligible, differences };
}

/** Whether a document was claimable at all on the 2B basis (not rejected, not pending, available). */
function claimable(d: Gstr2bDocument, input: Table4Input): boolean {
  const standing = input.imsStanding(d);
  return !d.rejected && d.itcAvailable === 'Y' && (standing.status === 'ACCEPTED' || standing.status === 'DEEMED_ACCEPTED') && signOf(d) === 1;
}

/** Whether the 2B period (MMYYYY) ends before a date: the document was booked after that 2B. */
function periodEndsBefore(gstr2bPeriod: string, date: LocalDate): boolean {
  return `${gstr2bPeriod.slice(2)}-${gstr2bPeriod.slice(0, 2)}` < date.slice(0, 7);
}
