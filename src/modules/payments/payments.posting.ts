import { conversionDifferenceLines } from '../documents/conversion-difference.posting';
import { settledInBase, toBase } from '../documents/currency.rules';
import { mirror, type PostingLine } from '../ledger/ledger.posting';

export type Flow = 'INCOMING' | 'OUTGOING';

export interface PaymentForPosting {
  flow: Flow;
  contactId: string;
  amount: number;
  bankCharges: number;
  tds: number;
  exchangeRateMicro: number;
}

export interface PaymentAccounts {
  bank: string;
  /** Advances from Customers (INCOMING) or Advances to Vendors (OUTGOING). */
  advances: string;
  bankCharges: string;
  /** TDS Receivable (INCOMING: the customer withheld it) or TDS Payable (OUTGOING: we withheld it). */
  tds: string;
}

/**
 * The money moving: every payment first lands on the party's advances; allocations then
 * move it onto the documents (allocationLines). INCOMING: Dr Bank what arrived (amount less
 * bank charges and TDS), Dr Bank Charges, Dr TDS Receivable, Cr Advances from Customers the
 * amount. OUTGOING: Dr Advances to Vendors the amount, Dr Bank Charges, Cr TDS Payable what
 * we withheld, Cr Bank what left. In the base currency; the advances leg is the sum of the
 * converted other legs, so the entry balances by construction.
 */
export function paymentLines(p: PaymentForPosting, accounts: PaymentAccounts): PostingLine[] {
  const base = (paise: number) => toBase(paise, p.exchangeRateMicro);
  if (p.flow === 'INCOMING') {
    const debits: PostingLine[] = [
      { accountId: accounts.bank, debit: base(bankAmount(p)), credit: 0, description: 'Received' },
      { accountId: accounts.bankCharges, debit: base(p.bankCharges), credit: 0, description: 'Bank charges' },
      { accountId: accounts.tds, debit: base(p.tds), credit: 0, description: 'TDS withheld by the customer' },
    ];
    const total = debits.reduce((s, l) => s + l.debit, 0);
    return [...debits, { accountId: accounts.advances, debit: 0, credit: total, contactId: p.contactId, description: 'Advance from customer' }];
  }
  const credits: PostingLine[] = [
    { accountId: accounts.bank, debit: 0, credit: base(bankAmount(p)), description: 'Paid' },
    { accountId: accounts.tds, debit: 0, credit: base(p.tds), description: 'TDS withheld' },
  ];
  const charges: PostingLine = { accountId: accounts.bankCharges, debit: base(p.bankCharges), credit: 0, description: 'Bank charges' };
  const advance = credits.reduce((s, l) => s + l.credit, 0) - charges.debit;
  return [{ accountId: accounts.advances, debit: advance, credit: 0, contactId: p.contactId, description: 'Advance to vendor' }, charges, ...credits];
}

/** A payment's own amounts, in its currency (paise). */
export type PaymentFigures = Omit<PaymentForPosting, 'contactId' | 'exchangeRateMicro'>;

/** What reaches or leaves the bank, in the payment's currency: INCOMING the amount less charges and TDS, OUTGOING less TDS plus charges. */
function bankAmount(p: PaymentFigures): number {
  return p.flow === 'INCOMING' ? p.amount - p.bankCharges - p.tds : p.amount - p.tds + p.bankCharges;
}

/** Every amount of a payment that goes to the base currency (paymentLines converts each but the amount on its own). */
export function paymentAmounts(p: PaymentFigures): number[] {
  return [p.amount, p.bankCharges, p.tds, bankAmount(p)];
}

export interface AllocationForPosting {
  flow: Flow;
  contactId: string;
  /** Taken from the payment, in its currency, at its rate. */
  consumed: number;
  paymentRateMicro: number;
  /** Taken off the document's balance, at the document's rate. */
  documentAmount: number;
  /** The document's balance before this allocation, in its currency. */
  documentBalance: number;
  documentRateMicro: number;
}

export interface AllocationAccounts {
  advances: string;
  /** Accounts Receivable (INCOMING) or Accounts Payable (OUTGOING). */
  control: string;
  roundOff: string;
  exchange: string;
}

/**
 * Applying money to a document. INCOMING: Dr Advances from Customers what the payment gives,
 * Cr Accounts Receivable what the invoice loses; the difference in the document's amount is
 * a round-off (Round Off), and what remains in the base currency is the exchange difference:
 * between the payment's rate and the invoice's, and the conversion rounding. The receivable
 * goes down by settledInBase (from the open balance converted before to the one converted
 * after), so the allocation that clears the invoice takes exactly what is still open on it.
 * OUTGOING is the exact mirror on Accounts Payable and Advances to Vendors. Unapplying posts
 * the mirror of this entry.
 */
export function allocationLines(a: AllocationForPosting, accounts: AllocationAccounts): PostingLine[] {
  const advancesBase = toBase(a.consumed, a.paymentRateMicro);
  const controlBase = settledInBase(a.documentBalance, a.documentAmount, a.documentRateMicro);
  const roundOffBase = toBase(a.documentAmount - a.consumed, a.documentRateMicro);
  const exchangeBase = controlBase - advancesBase - roundOffBase;
  const incoming: PostingLine[] = [
    { accountId: accounts.advances, debit: advancesBase, credit: 0, contactId: a.contactId, description: 'Advance applied' },
    { accountId: accounts.roundOff, debit: roundOffBase, credit: 0, description: 'Round off on allocation' },
    { accountId: accounts.exchange, debit: exchangeBase, credit: 0, description: 'Exchange difference' },
    { accountId: accounts.control, debit: 0, credit: controlBase, contactId: a.contactId, description: 'Settled' },
  ];
  return a.flow === 'INCOMING' ? incoming : mirror(incoming);
}

export interface ReleaseForPosting {
  flow: Flow;
  contactId: string;
  /** What the allocation took off the document, in its currency, and the document's balance before it is put back. */
  documentAmount: number;
  documentBalance: number;
  documentRateMicro: number;
  /** What the mirror of the allocation's entry put back on the control account, in the base currency. */
  restoredBase: number;
}

/**
 * Unapplying mirrors the allocation's entry, which puts back what the allocation took off the
 * control account. When other settlements moved the document's balance in between, the open
 * balance converted (settledInBase from the balance after the release) can differ from that by
 * a paisa; this entry posts the difference against Exchange Gain or Loss, so the control
 * account holds the document's open balance converted once again. Usually it carries nothing.
 */
export function releaseDifferenceLines(r: ReleaseForPosting, accounts: { control: string; exchange: string }): PostingLine[] {
  const difference = settledInBase(r.documentBalance + r.documentAmount, r.documentAmount, r.documentRateMicro) - r.restoredBase;
  return conversionDifferenceLines({ amount: difference, raises: r.flow === 'INCOMING' ? 'debit' : 'credit', contactId: r.contactId, description: 'Unapplied' }, accounts);
}
