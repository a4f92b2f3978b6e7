import type { Paise } from '../../kernel/money';
import type { PostingLine } from '../ledger/ledger.posting';
import type { GivenBalance } from './opening-balances.rules';

/** One party's share of a party account: a receivable's open invoices, an advance, … (positive on the account's debit side). */
export interface PartyShare { accountId: string; contactId: string; net: Paise }

/**
 * The opening entry (docs/rules/opening-balances.md, "The opening entry"): each account's balance
 * as given, but a party account's (receivables, payables, advances) split party by party, so that
 * each party's ledger opens with what it owed or was owed. One line per party and account.
 */
export function openingLines(balances: readonly GivenBalance[], partyAccounts: ReadonlySet<string>, shares: readonly PartyShare[]): PostingLine[] {
  const lines: PostingLine[] = balances
    .filter((b) => !partyAccounts.has(b.accountId) && (b.debit > 0 || b.credit > 0))
    .map((b) => ({ accountId: b.accountId, debit: b.debit, credit: b.credit, description: 'Opening balance' }));
  const byParty = new Map<string, PartyShare>();
  for (const s of shares) {
    const key = `${s.accountId}/${s.contactId}`;
    byParty.set(key, { ...s, net: (byParty.get(key)?.net ?? 0) + s.net });
  }
  for (const s of byParty.values()) {
    if (s.net === 0) continue;
    lines.push({ accountId: s.accountId, contactId: s.contactId, debit: Math.max(s.net, 0), credit: Math.max(-s.net, 0), description: 'Opening balance' });
  }
  return lines;
}
