import type { PostingLine } from '../ledger/ledger.posting';
import { toBase } from './currency.rules';
import type { NoteSide } from './notes.rules';

/** The accounts a note posts to, found by the caller: the party's control account and the GST ledgers of its side. */
export interface NoteAccounts {
  /** Accounts Receivable (sales side) or Accounts Payable (purchase side). */
  party: string;
  cgst: string;
  sgst: string;
  igst: string;
}

export interface NoteForPosting {
  contactId: string;
  exchangeRateMicro: number;
  lines: readonly { accountId: string; itemTotal: number; cgst: number; sgst: number; igst: number; name: string }[];
}

/**
 * A note takes back part of a sale or a purchase, so it posts the mirror of the document it
 * corrects. Sales side (a customer's credit note): Dr each line's revenue account, Dr
 * CGST/SGST/IGST output (tax no longer owed), Cr Accounts Receivable. Purchase side (a
 * vendor's credit note, a debit note we raise): Dr Accounts Payable, Cr each line's purchase
 * or expense account, Cr GST input (credit no longer claimable). Lines go to the base
 * currency one by one and the party line is their sum, so the entry balances by construction.
 */
export function noteLines(note: NoteForPosting, accounts: NoteAccounts, side: NoteSide): PostingLine[] {
  const base = (paise: number) => toBase(paise, note.exchangeRateMicro);
  const leg = (amount: number) => (side === 'sales' ? { debit: amount, credit: 0 } : { debit: 0, credit: amount });
  const taxWord = side === 'sales' ? 'output' : 'input';
  const legs: PostingLine[] = note.lines.map((l) => ({ accountId: l.accountId, ...leg(base(l.itemTotal)), description: l.name }));
  const taxes = [
    { accountId: accounts.cgst, amount: note.lines.reduce((s, l) => s + l.cgst, 0), description: `CGST ${taxWord}` },
    { accountId: accounts.sgst, amount: note.lines.reduce((s, l) => s + l.sgst, 0), description: `SGST ${taxWord}` },
    { accountId: accounts.igst, amount: note.lines.reduce((s, l) => s + l.igst, 0), description: `IGST ${taxWord}` },
  ];
  for (const tax of taxes) legs.push({ accountId: tax.accountId, ...leg(base(tax.amount)), description: tax.description });
  const total = legs.reduce((s, l) => s + l.debit + l.credit, 0);
  const party = side === 'sales' ? { debit: 0, credit: total } : { debit: total, credit: 0 };
  return [...legs, { accountId: accounts.party, ...party, contactId: note.contactId, description: 'Note total' }];
}
