import type { Paise } from '../../kernel/money';

/** A journal line once its branch is known: the ledger's post fills it from the entry. */
export interface BranchLine {
  accountId: string;
  debit: Paise;
  credit: Paise;
  branchId: string;
  description?: string | null;
  contactId?: string | null;
}

export class UnbalancedBranchError extends Error {
  constructor(readonly branchId: string, readonly net: Paise) {
    super(`journal entry does not balance in branch ${branchId}: debits − credits = ${net} (paise)`);
    this.name = 'UnbalancedBranchError';
  }
}

/** Debits − credits of each branch an entry touches, in the order branches first appear. */
export function netByBranch(lines: readonly BranchLine[]): Map<string, Paise> {
  const net = new Map<string, Paise>();
  for (const l of lines) net.set(l.branchId, (net.get(l.branchId) ?? 0) + l.debit - l.credit);
  return net;
}

/**
 * Books are kept per GST registration (branch), so an entry that spans branches must balance
 * in each. What one branch is short is carried on the inter-branch account: a branch whose
 * lines net to a debit gets the same amount as a credit there, and the other way round. As the
 * whole entry balances, these lines balance too, and an entry within one branch gets none.
 */
export function balanceAcrossBranches(lines: readonly BranchLine[], interBranchAccountId: string): BranchLine[] {
  const transfers: BranchLine[] = [];
  for (const [branchId, net] of netByBranch(lines)) {
    if (net === 0) continue;
    transfers.push({
      accountId: interBranchAccountId, branchId, debit: net < 0 ? -net : 0, credit: net > 0 ? net : 0, description: 'Inter-branch transfer',
    });
  }
  return [...lines, ...transfers];
}

/** The invariant beside the total one: every branch an entry touches balances on its own. */
export function assertBalancedPerBranch(lines: readonly BranchLine[]): void {
  for (const [branchId, net] of netByBranch(lines)) if (net !== 0) throw new UnbalancedBranchError(branchId, net);
}

/** Whether an entry touches more than one branch (and so needs the inter-branch account). */
export const spansBranches = (lines: readonly BranchLine[]): boolean => new Set(lines.map((l) => l.branchId)).size > 1;
