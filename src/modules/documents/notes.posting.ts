import type { PostingLine } from '../ledger/ledger.posting';
import { conversionDifferenceLines } from './conversion-difference.posting';
import { documentInBase, settledInBase } from './currency.rules';
import type { NoteSide } from './notes.rules';

/** The accounts a note posts to, found by the caller: the party's control account and the GST ledgers of its side. */
export interface NoteAccounts {
  /** Accounts Receivable (sales side) or Accounts Payable (purchase side). */
  party: string;
  cgst: string;
  sgst: string;
  igst: string;
  cess: string;
}

export interface NoteForPosting {
  contactId: string;
  exchangeRateMicro: number;
  lines: readonly { accountId: string; itemTotal: number; cgst: number; sgst: number; igst: number; cess?: number; name: string }[];
}

/**
 * A note takes back part of a sale or a purchase, so it posts the mirror of the document it
 * corrects. Sales side (a customer's credit note): Dr each line's revenue account, Dr
 * CGST/SGST/IGST output and Output Cess (tax no longer owed), Cr Accounts Receivable. Purchase side (a
 * vendor's credit note, a debit note we raise): Dr Accounts Payable, Cr each line's purchase
 * or expense account, Cr GST input (credit no longer claimable). In the base currency by
 * documentInBase, as the invoice or bill it corrects: the party line is the note's total
 * converted once, each GST head its own tax converted, the difference on the largest line.
 */
export function noteLines(note: NoteForPosting, accounts: NoteAccounts, side: NoteSide): PostingLine[] {
  const base = documentInBase(note.lines, 0, note.exchangeRateMicro);
  const leg = (amount: number) => (side === 'sales' ? { debit: amount, credit: 0 } : { debit: 0, credit: amount });
  const taxWord = side === 'sales' ? 'output' : 'input';
  const legs: PostingLine[] = note.lines.map((l, i) => ({ accountId: l.accountId, ...leg(base.items[i]!), description: l.name }));
  legs.push(
    { accountId: accounts.cgst, ...leg(base.cgst), description: `CGST ${taxWord}` },
    { accountId: accounts.sgst, ...leg(base.sgst), description: `SGST ${taxWord}` },
    { accountId: accounts.igst, ...leg(base.igst), description: `IGST ${taxWord}` },
    { accountId: accounts.cess, ...leg(base.cess), description: `Cess ${taxWord}` },
  );
  const party = side === 'sales' ? { debit: 0, credit: base.party } : { debit: base.party, credit: 0 };
  return [...legs, { accountId: accounts.party, ...party, contactId: note.contactId, description: 'Note total' }];
}

export interface CreditApplicationForPosting {
  contactId: string;
  amount: number;
  /** The balances before the application, in the shared currency (a note is applied only at its target's rate). */
  targetBalance: number;
  noteBalance: number;
  exchangeRateMicro: number;
}

/**
 * Applying a note moves no money, yet in the base currency it takes settledInBase off two
 * open balances: the target's and the note's. Both are converted at one rate but from
 * different balances, so they can round a paisa apart; the party's account then takes the
 * difference against Exchange Gain or Loss (Cr the receivable, or Dr the payable), and keeps
 * holding each open document converted once, down to exactly 0 when everything is settled.
 * Usually the difference is 0 and the lines carry nothing (nothing is posted).
 */
export function creditApplicationLines(a: CreditApplicationForPosting, accounts: { control: string; exchange: string }, side: NoteSide): PostingLine[] {
  const difference = settledInBase(a.targetBalance, a.amount, a.exchangeRateMicro) - settledInBase(a.noteBalance, a.amount, a.exchangeRateMicro);
  // The receivable (sales) or payable (purchase) is lowered by the difference.
  return conversionDifferenceLines({ amount: -difference, raises: side === 'sales' ? 'debit' : 'credit', contactId: a.contactId, description: 'Credit applied' }, accounts);
}

export interface CreditReleaseForPosting {
  contactId: string;
  amount: number;
  /** The balances before the release, in the shared currency. */
  targetBalance: number;
  noteBalance: number;
  exchangeRateMicro: number;
  /** What the mirror of the application's entry put back on the party's account (0 when it posted nothing). */
  restoredBase: number;
}

/**
 * Unapplying puts `amount` back on both open balances. The mirror of the application's entry
 * undoes the difference posted then; but other applications may have moved both balances
 * since, so putting the amount back now can round differently. This posts what is still
 * missing, so the party's account keeps holding each open document and note converted once.
 */
export function creditReleaseLines(r: CreditReleaseForPosting, accounts: { control: string; exchange: string }, side: NoteSide): PostingLine[] {
  const needed = settledInBase(r.targetBalance + r.amount, r.amount, r.exchangeRateMicro) - settledInBase(r.noteBalance + r.amount, r.amount, r.exchangeRateMicro);
  return conversionDifferenceLines({ amount: needed - r.restoredBase, raises: side === 'sales' ? 'debit' : 'credit', contactId: r.contactId, description: 'Credit unapplied' }, accounts);
}
