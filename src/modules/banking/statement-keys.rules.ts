import { createHash } from 'node:crypto';
import type { StatementLine } from './statement.types';

/**
 * Each line's key (docs/rules/banking.md, "Statements in"): the bank's own id where the format
 * has one; otherwise its date, value date, amount, direction, reference and running balance,
 * and which of the identical lines of that day it is (the first, the second…), hashed to a
 * fixed length. The same line in two overlapping files has the same key, so it is stored once.
 * A bank id given twice in one file is a fault: the line it names.
 */
export function lineKeys(lines: readonly StatementLine[]): { keys: string[] } | { line: number; problem: string } {
  const occurrences = new Map<string, number>();
  const bankIds = new Map<string, number>();
  const keys: string[] = [];
  for (const l of lines) {
    if (l.bankId !== null) {
      const earlier = bankIds.get(l.bankId);
      if (earlier !== undefined) return { line: l.line, problem: `the bank's id ${l.bankId} was already given to line ${earlier}` };
      bankIds.set(l.bankId, l.line);
      keys.push(`id:${l.bankId}`);
      continue;
    }
    const fields = JSON.stringify([l.date, l.valueDate, l.amount, l.direction, l.reference, l.balance]);
    const occurrence = (occurrences.get(fields) ?? 0) + 1;
    occurrences.set(fields, occurrence);
    keys.push(`f:${createHash('sha256').update(`${fields}#${occurrence}`).digest('base64url').slice(0, 32)}`);
  }
  return { keys };
}
