import { formatRupees, type Paise } from '../../kernel/money';
import type { Direction, ParsedStatement } from './statement.types';

/* Balances must hold (docs/rules/banking.md, "Statements in"); each check answers the first break it finds, or null. */

export interface BalanceBreak {
  /** `line 7`, or `statement` when the break is between the file and its stated or stored balances. */
  where: string;
  problem: string;
}

/** A line's effect on the balance: money in adds, money out takes away. */
export const signed = (l: { direction: Direction | string; amount: Paise }): Paise => (l.direction === 'IN' ? l.amount : -l.amount);

const rupees = (paise: Paise) => `₹${formatRupees(paise)}`;

/**
 * Within the file: each running balance is the one before plus the line's money in less its
 * money out; the first is checked against the stated opening, and the stated closing against
 * the opening and every line (or the last balance) when the file states them.
 */
export function fileBalanceBreak(statement: Pick<ParsedStatement, 'openingBalance' | 'closingBalance' | 'lines'>): BalanceBreak | null {
  let running = statement.openingBalance;
  for (const l of statement.lines) {
    if (running !== null && l.balance !== null && l.balance !== running + signed(l)) {
      return { where: `line ${l.line}`, problem: `the balance ${rupees(l.balance)} is not the balance before (${rupees(running)}) ${l.direction === 'IN' ? 'plus' : 'less'} ${rupees(l.amount)}` };
    }
    running = l.balance ?? (running === null ? null : running + signed(l));
  }
  if (statement.closingBalance !== null && running !== null && running !== statement.closingBalance) {
    return { where: 'statement', problem: `the closing balance ${rupees(statement.closingBalance)} is not the opening balance with the lines (${rupees(running)})` };
  }
  return null;
}

/** The balance before the file's first line: stated, or its first balance less that line's effect; null when the file gives neither. */
export function openingOf(statement: Pick<ParsedStatement, 'openingBalance' | 'lines'>): Paise | null {
  if (statement.openingBalance !== null) return statement.openingBalance;
  const first = statement.lines[0];
  return first?.balance == null ? null : first.balance - signed(first);
}

/** The balance after the file's last line: stated, or its last balance; null when the file gives neither. */
export function closingOf(statement: Pick<ParsedStatement, 'closingBalance' | 'lines'>): Paise | null {
  return statement.closingBalance ?? statement.lines.at(-1)?.balance ?? null;
}

/** A stored line as the continuity check reads it. */
export interface StoredNeighbour { txn_date: string; balance: Paise | null; direction: string; amount: Paise }

/**
 * Between the file and the account's stored lines: the file opens at the balance of the stored
 * line just before it, and closes at the balance the stored line just after it started from.
 * A side without a balance on either part is not checked.
 */
export function continuityBreak(opening: Paise | null, closing: Paise | null, before: StoredNeighbour | null, after: StoredNeighbour | null): BalanceBreak | null {
  if (opening !== null && before?.balance != null && before.balance !== opening) {
    return { where: 'statement', problem: `the statement opens at ${rupees(opening)}, but the stored line of ${before.txn_date} just before it closes at ${rupees(before.balance)}` };
  }
  const afterOpening = after?.balance == null ? null : after.balance - signed(after);
  if (closing !== null && afterOpening !== null && afterOpening !== closing) {
    return { where: 'statement', problem: `the statement closes at ${rupees(closing)}, but the stored line of ${after!.txn_date} just after it starts from ${rupees(afterOpening)}` };
  }
  return null;
}
