import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { bankBalanceOn, entriesAt, inBankOrder, type BankLine, type BookEntry } from './reconciliation-books.rules';
import { booksOpening, groupsSettledBy, openingBasis, type AccountTies } from './reconciliation-ties.rules';

/*
 * The bank reconciliation statement on a date (docs/rules/banking.md, "The bank reconciliation
 * report"): from the balance per books to the balance per bank through the items only one side has.
 */

export interface ReconciliationStatement {
  date: LocalDate;
  balancePerBooks: Paise;
  depositsNotYetCredited: BookEntry[];
  chequesNotYetPresented: BookEntry[];
  bankCredits: BankLine[];
  bankDebits: BankLine[];
  /** books − deposits not yet credited + cheques not yet presented + bank-only credits − bank-only debits. */
  balancePerBank: Paise;
  /** What the bank states it was on the date (bankBalanceOn). */
  bankStatedBalance: Paise;
  /** Stated − balance per bank: 0 when the statement holds. */
  difference: Paise;
  excluded: BankLine[];
  opening: { firstLineDate: LocalDate | null; bank: Paise | null; books: Paise };
}

const total = (amounts: readonly Paise[]) => amounts.reduce((s, a) => s + a, 0);

/**
 * An entry dated by `date` is cleared when its match's lines are all dated by then (and the
 * match's other entries stand by then too); otherwise it is outstanding: into the account, a
 * deposit not yet credited; out of it, a cheque or payment not yet presented. Entries before
 * the statements that no line is matched to are the books' opening, not outstanding
 * (booksOpening). A line dated by `date`, not excluded, outside such a match is in the bank
 * only: a credit (IN) or a debit (OUT) the books do not have on that date.
 */
export function reconciliationStatement(ties: AccountTies, date: LocalDate): ReconciliationStatement {
  const standing = entriesAt(ties.bookLines, date);
  const settled = groupsSettledBy(ties, date, standing);
  const clearedEntries = new Set(settled.flatMap((g) => g.entryKeys));
  const clearedLines = new Set(settled.flatMap((g) => g.lineIds));
  const beforeStatements = booksOpening(ties, standing).keys;
  const outstanding = [...standing.values()].filter((e) => !clearedEntries.has(e.key) && !beforeStatements.has(e.key))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.key < b.key ? -1 : 1));
  const ordered = inBankOrder(ties.lines);
  const upTo = ordered.filter((l) => l.date <= date);
  const bankOnly = upTo.filter((l) => l.status !== 'EXCLUDED' && !clearedLines.has(l.id));
  const statement = {
    balancePerBooks: total([...standing.values()].map((e) => e.amount)),
    depositsNotYetCredited: outstanding.filter((e) => e.amount > 0),
    chequesNotYetPresented: outstanding.filter((e) => e.amount < 0).map((e) => ({ ...e, amount: -e.amount })),
    bankCredits: bankOnly.filter((l) => l.direction === 'IN'),
    bankDebits: bankOnly.filter((l) => l.direction === 'OUT'),
  };
  const balancePerBank = statement.balancePerBooks
    - total(statement.depositsNotYetCredited.map((e) => e.amount)) + total(statement.chequesNotYetPresented.map((e) => e.amount))
    + total(statement.bankCredits.map((l) => l.amount)) - total(statement.bankDebits.map((l) => l.amount));
  const opening = openingBasis(ties, standing);
  const bankStatedBalance = bankBalanceOn(ordered, opening.basis, date)!;
  return {
    date, ...statement, balancePerBank, bankStatedBalance, difference: bankStatedBalance - balancePerBank,
    excluded: upTo.filter((l) => l.status === 'EXCLUDED'),
    opening: { firstLineDate: ordered[0]?.date ?? null, bank: opening.bank, books: opening.books },
  };
}
