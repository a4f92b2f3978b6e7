import { invalidValue } from '../../kernel/errors';
import { addDays, type LocalDate } from '../../kernel/local-date';
import { toPaise, toRupees, type Paise } from '../../kernel/money';

/*
 * The opening's own rules (docs/rules/opening-balances.md): its date, that its accounts balance,
 * what an open item adds up to, and that the party accounts equal the items that make them up.
 */

/** The opening entry is dated the day before the books start: every balance stands when the first day opens ("The opening entry"). */
export const openingEntryDate = (booksStart: LocalDate): LocalDate => addDays(booksStart, -1);

/** An account's balance as given, in paise: one side only. */
export interface GivenBalance { accountId: string; debit: Paise; credit: Paise }

/** The accounts as given, or 400 on the entry at fault: each once, on one side ("Accounts"). */
export function givenBalances(accounts: readonly { account_id: string; debit?: number; credit?: number }[]): GivenBalance[] {
  const seen = new Set<string>();
  return accounts.map((a, i) => {
    if (seen.has(a.account_id)) throw invalidValue(`accounts[${i}].account_id`, 'an account is given once: its balance is one figure');
    seen.add(a.account_id);
    const debit = toPaise(a.debit ?? 0);
    const credit = toPaise(a.credit ?? 0);
    if (debit > 0 && credit > 0) throw invalidValue(`accounts[${i}].credit`, 'a balance is a debit or a credit, not both');
    return { accountId: a.account_id, debit, credit };
  });
}

/** Debits must equal credits (double entry): else 400 on `accounts` with the difference. */
export function assertAccountsBalance(balances: readonly GivenBalance[]): void {
  const debits = balances.reduce((s, b) => s + b.debit, 0);
  const credits = balances.reduce((s, b) => s + b.credit, 0);
  if (debits === credits) return;
  const difference = debits - credits;
  throw invalidValue('accounts', `the opening balances do not balance: debits ${toRupees(debits)}, credits ${toRupees(credits)}, difference ${toRupees(difference)}`, {
    details: { debits: toRupees(debits), credits: toRupees(credits), difference: toRupees(difference) },
  });
}

/** One rate's share of an open item, in paise: taxable value and tax as issued. */
export interface TaxShare { rateCenti: number; taxable: Paise; igst: Paise; cgst: Paise; sgst: Paise; cess: Paise }

export interface ItemFigures {
  shares: TaxShare[];
  subTotal: Paise;
  taxTotal: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
  total: Paise;
  open: Paise;
  /** What was settled before the books started: total − open. */
  settled: Paise;
}

interface ItemInput {
  taxes?: readonly { rate: number; taxable_value: number; igst?: number; cgst?: number; sgst?: number; cess?: number }[];
  total?: number;
  open_amount: number;
}

const sum = (shares: readonly TaxShare[], head: keyof TaxShare): Paise => shares.reduce((s, t) => s + t[head], 0);

/**
 * An open item's figures as issued ("Open items"): its taxes are stated, never recomputed; its
 * total is the one given, else its taxes added up, else (no taxes) what is open. What is open
 * cannot exceed the total (400 on `field`.open_amount).
 */
export function itemFigures(item: ItemInput, field: string): ItemFigures {
  const shares: TaxShare[] = (item.taxes ?? []).map((t) => ({
    rateCenti: Math.round(t.rate * 100), taxable: toPaise(t.taxable_value),
    igst: toPaise(t.igst ?? 0), cgst: toPaise(t.cgst ?? 0), sgst: toPaise(t.sgst ?? 0), cess: toPaise(t.cess ?? 0),
  }));
  const subTotal = sum(shares, 'taxable');
  const [igst, cgst, sgst, cess] = [sum(shares, 'igst'), sum(shares, 'cgst'), sum(shares, 'sgst'), sum(shares, 'cess')];
  const taxTotal = igst + cgst + sgst + cess;
  const open = toPaise(item.open_amount);
  const total = item.total !== undefined ? toPaise(item.total) : shares.length > 0 ? subTotal + taxTotal : open;
  if (open > total) {
    throw invalidValue(`${field}.open_amount`, `open_amount ${toRupees(open)} is more than the item's total ${toRupees(total)}`, { details: { total: toRupees(total) } });
  }
  return { shares, subTotal, taxTotal, igst, cgst, sgst, cess, total, open, settled: total - open };
}

/** A party account (receivable, payable, advances) and what its items add up to, on the account's own side. */
export interface PartyAccountCheck {
  /** The body's list the items come from: open_items or advances. */
  field: 'open_items' | 'advances';
  accountId: string;
  accountName: string;
  /** The account's balance given, on its natural side (a debit for receivables and vendor advances). */
  given: Paise;
  items: Paise;
}

/**
 * A party account's balance is its parties' items (docs/rules/opening-balances.md, "Parties"):
 * else 400 on the items' list, naming the account, the balance given, the items' sum and the
 * difference.
 */
export function assertPartyAccountsMatch(checks: readonly PartyAccountCheck[]): void {
  for (const c of checks) {
    if (c.given === c.items) continue;
    throw invalidValue(c.field, `${c.accountName}: the balance given (${toRupees(c.given)}) is not what its ${c.field === 'open_items' ? 'open items' : 'advances'} add up to (${toRupees(c.items)})`, {
      details: { account_id: c.accountId, account_name: c.accountName, given: toRupees(c.given), items: toRupees(c.items), difference: toRupees(c.given - c.items) },
    });
  }
}

/** What one party brings to the opening, paise. */
export interface PartyOpening { invoices: Paise; customerAdvances: Paise; bills: Paise; vendorAdvances: Paise }

/**
 * A contact's opening_balance ("A contact's opening balance"): what a customer owes (its open
 * invoices less its advances); for a vendor the mirror, what is owed to it; for a contact of
 * both kinds, what it owes net of what is owed to it.
 */
export function contactOpeningBalance(contactType: string, p: PartyOpening): Paise {
  const receivable = p.invoices - p.customerAdvances;
  const payable = p.bills - p.vendorAdvances;
  if (contactType === 'VENDOR') return payable;
  if (contactType === 'CUSTOMER') return receivable;
  return receivable - payable;
}
