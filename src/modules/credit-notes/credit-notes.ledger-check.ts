import type { Db } from '../../db/database';
import { openInBase } from '../documents';
import { ledgerRepository, type DocumentLedgerCheck } from '../ledger';

/**
 * Every credit note agrees with its postings: a customer's credits its total to receivables,
 * a vendor's debits its total to payables; a voided one nets to nothing. Applying a note
 * posts nothing (the receivable or payable was moved when it was issued), so the applied
 * amount does not enter the check.
 */
export const creditNotesLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  let query = db.selectFrom('credit_notes').select(['org_id', 'credit_note_id', 'credit_note_number', 'note_type', 'status', 'total', 'exchange_rate_micro']);
  if (orgId) query = query.where('org_id', '=', orgId);
  const [notes, receivable, payable] = await Promise.all([
    query.execute(),
    ledgerRepository.netBySource(db, 'CREDIT_NOTE', 'ACCOUNTS_RECEIVABLE', orgId),
    ledgerRepository.netBySource(db, 'CREDIT_NOTE', 'ACCOUNTS_PAYABLE', orgId),
  ]);
  // Both as the amount the note reduces: credits on receivables, debits on payables.
  const netOf = new Map<string, number>([
    ...receivable.map((n) => [`${n.org_id}/${n.source_id}/CUSTOMER`, Number(n.credit) - Number(n.debit)] as const),
    ...payable.map((n) => [`${n.org_id}/${n.source_id}/VENDOR`, Number(n.debit) - Number(n.credit)] as const),
  ]);
  return notes.flatMap((note) => {
    const expected = note.status === 'CANCELLED' ? 0 : openInBase(note.total, note.exchange_rate_micro);
    const posted = netOf.get(`${note.org_id}/${note.credit_note_id}/${note.note_type}`) ?? 0;
    return posted === expected ? [] : [`credit note ${note.credit_note_number} (${note.credit_note_id}, ${note.status}) reduces its party account by ${posted} paise; expected ${expected}`];
  });
};
