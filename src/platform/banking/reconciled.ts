import type { Db, Tx } from '../../db/database';
import { DomainError, type ErrorCode } from '../../kernel/errors';

/*
 * What a closed reconciliation freezes (docs/rules/banking.md, "Reconciliation"): the lines it
 * settled, and the book entries matched to them. Here in the platform so that the ledger (every
 * edit, void or delete of an entry reverses it) and banking's own line actions share one check
 * without importing each other.
 */

/** What a route that edits, voids or deletes a bank-matched entry, or changes a line's match or exclusion, can answer (route `failsWithCodes`). */
export const RECONCILED: readonly ErrorCode[] = ['conflict.reconciled'];

/** The refusal: a reconciled line, or an entry matched to one, stays as it is until its reconciliation is reopened. */
export function reconciled(what: string, found: { bank_transaction_id: string; reconciliation_id: string }): DomainError {
  return new DomainError('conflict.reconciled',
    `${what} is settled by the closed reconciliation ${found.reconciliation_id}; reopen it first (POST /bank_accounts/{account_id}/reconciliations/{bank_reconciliation_id}/reopen)`,
    { details: { bank_transaction_id: found.bank_transaction_id, reconciliation_id: found.reconciliation_id } });
}

/** Refuses a change to a bank line that a closed reconciliation settled: a match, an unmatch, an exclusion or a restore. */
export function assertLineNotReconciled(line: { bank_transaction_id: string; reconciliation_id: string | null }): void {
  if (line.reconciliation_id !== null) throw reconciled(`bank line ${line.bank_transaction_id}`, { ...line, reconciliation_id: line.reconciliation_id });
}

/** Refuses an edit, void or delete of a book entry (a journal source and its id) matched to a reconciled line. */
export async function assertEntryNotReconciled(reader: Db | Tx, orgId: string, source: string, sourceId: string): Promise<void> {
  const found = await reader.selectFrom('bank_matches as m')
    .innerJoin('bank_transactions as t', (j) => j.onRef('t.org_id', '=', 'm.org_id').onRef('t.bank_transaction_id', '=', 'm.bank_transaction_id'))
    .select(['t.bank_transaction_id', 't.reconciliation_id'])
    .where('m.org_id', '=', orgId).where('m.source', '=', source).where('m.source_id', '=', sourceId).where('t.reconciliation_id', 'is not', null)
    .orderBy('t.bank_transaction_id').executeTakeFirst();
  if (found?.reconciliation_id) throw reconciled(`this ${source.toLowerCase()} entry, matched to bank line ${found.bank_transaction_id},`, { ...found, reconciliation_id: found.reconciliation_id });
}
