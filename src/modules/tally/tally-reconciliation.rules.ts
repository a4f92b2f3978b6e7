import type { Paise } from '../../kernel/money';
import { TALLY_GROUP_TYPES } from './tally-groups.rules';
import type { LedgerTarget, TallyLedger } from './tally-in-ledgers.rules';
import type { TallyTrialBalanceRow } from './tally-read-trial-balance.rules';

/** Tally ledgers compared with one place in Bahi: several when they map onto one system account. */
export interface ReconciliationGroup {
  ledgers: string[];
  target: LedgerTarget | null;
  /** Tally's closing balances added up, debit positive; a ledger the report leaves out is at nil. */
  tally: Paise;
}

export interface ReconciliationLine extends ReconciliationGroup {
  /** Bahi's balance, debit positive; null when nothing in Bahi stands for the ledger. */
  bahi: Paise | null;
  difference: Paise | null;
  balanced: boolean;
}

/**
 * Tally's Trial Balance beside the ledgers the imports read (docs/rules/tally.md, "Reconciliation"):
 * each ledger's closing balance is compared where it lives in Bahi; the ledgers that map onto
 * shared system accounts (a GST ledger of both sides, two ledgers of one head) are compared
 * together. A report line naming one of Tally's groups is left out (a condensed report's total);
 * one naming nothing known is compared with nothing.
 */
export function reconciliationGroups(report: readonly TallyTrialBalanceRow[], ledgers: readonly TallyLedger[]): ReconciliationGroup[] {
  const closing = new Map(report.map((r) => [r.name.toLowerCase(), r.closing]));
  const groups: ReconciliationGroup[] = [];
  const systemGroups: { keys: Set<string>; group: ReconciliationGroup }[] = [];
  for (const ledger of ledgers) {
    const tally = closing.get(ledger.name.toLowerCase()) ?? 0;
    closing.delete(ledger.name.toLowerCase());
    const { target } = ledger;
    if (target.to !== 'system_account') {
      groups.push({ ledgers: [ledger.name], target, tally });
      continue;
    }
    const joined = systemGroups.filter((s) => target.keys.some((k) => s.keys.has(k)));
    const keys = new Set([...target.keys, ...joined.flatMap((s) => [...s.keys])]);
    const group: ReconciliationGroup = {
      ledgers: [...joined.flatMap((s) => s.group.ledgers), ledger.name],
      target: { to: 'system_account', keys: [...keys].sort() },
      tally: joined.reduce((total, s) => total + s.group.tally, tally),
    };
    for (const s of joined) groups.splice(groups.indexOf(s.group), 1);
    systemGroups.splice(0, systemGroups.length, ...systemGroups.filter((s) => !joined.includes(s)), { keys, group });
    groups.push(group);
  }
  const groupNames = new Set(Object.keys(TALLY_GROUP_TYPES).map((g) => g.toLowerCase()));
  for (const row of report) {
    if (closing.has(row.name.toLowerCase()) && !groupNames.has(row.name.toLowerCase())) groups.push({ ledgers: [row.name], target: null, tally: row.closing });
  }
  return groups;
}

/** Each group with Bahi's balance beside it: balanced when equal to the paisa. */
export function reconcile(groups: readonly ReconciliationGroup[], bahiOf: (group: ReconciliationGroup) => Paise | null): ReconciliationLine[] {
  return groups.map((group) => {
    const bahi = group.target === null ? null : bahiOf(group);
    const difference = bahi === null ? null : bahi - group.tally;
    return { ...group, bahi, difference, balanced: difference === 0 };
  });
}
