import { formatRupees, sum, type Paise } from '../../../kernel/money';
import { StatementFileError, type ParsedStatement, type StatementFormat, type StatementLine } from '../statement.types';

/** One statement of a file that may hold several (MT940 messages, camt.053 Stmt): where it starts, and what it states. */
export interface StatementPart {
  where: string;
  accountNumber: string | null;
  openingBalance: Paise | null;
  closingBalance: Paise | null;
  lines: StatementLine[];
}

/**
 * Several statements of one file read as one: the first one's opening balance, the last one's closing,
 * every line in order. Only those two balances reach the import's check, so the joins are checked here:
 * the statements are of one account, each opens at the balance the one before it closed at, and each
 * but the last adds up (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function joinStatements(format: StatementFormat, parts: readonly StatementPart[]): ParsedStatement {
  const first = parts[0];
  if (first === undefined) throw new RangeError('a file holds at least one statement');
  parts.forEach((part, i) => {
    const next = parts[i + 1];
    if (next === undefined) return;
    if (next.accountNumber !== first.accountNumber) {
      throw new StatementFileError(next.where, `the statement is of account ${next.accountNumber ?? '(none)'}, the file's first of ${first.accountNumber ?? '(none)'}; import one account's at a time`);
    }
    assertAddsUp(part);
    if (next.openingBalance !== null && part.closingBalance !== null && next.openingBalance !== part.closingBalance) {
      throw new StatementFileError(next.where, `the opening balance ${formatRupees(next.openingBalance)} is not the closing balance ${formatRupees(part.closingBalance)} of the statement before it`);
    }
  });
  return {
    format,
    preset: null,
    accountNumber: first.accountNumber,
    openingBalance: first.openingBalance,
    closingBalance: parts[parts.length - 1]!.closingBalance,
    lines: parts.flatMap((p) => p.lines),
  };
}

function assertAddsUp(part: StatementPart): void {
  if (part.openingBalance === null || part.closingBalance === null) return;
  const moved = sum(part.lines.map((l) => (l.direction === 'IN' ? l.amount : -l.amount)));
  if (part.openingBalance + moved !== part.closingBalance) {
    throw new StatementFileError(part.where, `the opening balance ${formatRupees(part.openingBalance)} and the lines' net ${formatRupees(moved)} make ${formatRupees(part.openingBalance + moved)}, not the closing balance ${formatRupees(part.closingBalance)}`);
  }
}
