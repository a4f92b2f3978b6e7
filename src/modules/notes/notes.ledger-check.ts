import type { Db } from '../../db/database';
import { openInBase } from '../documents';
import { ledgerRepository, type DocumentLedgerCheck } from '../ledger';
import type { NoteKind } from './note-kinds';
import { notesRepository } from './notes.repository';

/**
 * Every note of a kind agrees with its postings: a customer's credit note credits its total to
 * receivables, a vendor's credit note or a debit note to a vendor debits its total to payables,
 * a debit note to a customer debits its total to receivables; a voided
 * one nets to nothing. Applying a note posts nothing (the receivable or payable was moved when
 * it was issued), so the applied amount does not enter the check.
 */
export const notesLedgerCheck = (kind: NoteKind): DocumentLedgerCheck => async (db: Db, orgId?: string) => {
  const [notes, receivable, payable] = await Promise.all([
    notesRepository(kind.store).forLedgerCheck(db, orgId),
    ledgerRepository.netBySource(db, kind.source, 'ACCOUNTS_RECEIVABLE', orgId),
    ledgerRepository.netBySource(db, kind.source, 'ACCOUNTS_PAYABLE', orgId),
  ]);
  // Both as the amount the note reduces: credits on receivables, debits on payables.
  const netOf = new Map<string, number>([
    ...receivable.map((n) => [`${n.org_id}/${n.source_id}/CUSTOMER`, Number(n.credit) - Number(n.debit)] as const),
    ...payable.map((n) => [`${n.org_id}/${n.source_id}/VENDOR`, Number(n.debit) - Number(n.credit)] as const),
  ]);
  return notes.flatMap((note) => {
    // A note that raises its party's balance (a customer debit note) moves it the other way.
    const expected = note.status === 'CANCELLED' ? 0 : (kind.raises(note.note_type) ? -1 : 1) * openInBase(note.total, note.exchange_rate_micro);
    const posted = netOf.get(`${note.org_id}/${note.id}/${note.note_type}`) ?? 0;
    return posted === expected ? [] : [`${kind.document} ${note.number} (${note.id}, ${note.status}) reduces its party account by ${posted} paise; expected ${expected}`];
  });
};
