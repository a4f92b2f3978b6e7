import type { Db } from '../../db/database';
import { openInBase } from '../documents';
import { ledgerRepository, type DocumentLedgerCheck } from '../ledger';

/** Every debit note agrees with its postings: an issued one debits its total to payables; a voided one nets to nothing. */
export const debitNotesLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  let query = db.selectFrom('debit_notes').select(['org_id', 'debit_note_id', 'debit_note_number', 'status', 'total', 'exchange_rate_micro']);
  if (orgId) query = query.where('org_id', '=', orgId);
  const [notes, nets] = await Promise.all([query.execute(), ledgerRepository.netBySource(db, 'DEBIT_NOTE', 'ACCOUNTS_PAYABLE', orgId)]);
  const netOf = new Map(nets.map((n) => [`${n.org_id}/${n.source_id}`, Number(n.debit) - Number(n.credit)]));
  return notes.flatMap((note) => {
    const expected = note.status === 'CANCELLED' ? 0 : openInBase(note.total, note.exchange_rate_micro);
    const posted = netOf.get(`${note.org_id}/${note.debit_note_id}`) ?? 0;
    return posted === expected ? [] : [`debit note ${note.debit_note_number} (${note.debit_note_id}, ${note.status}) debits ${posted} paise to payables; expected ${expected}`];
  });
};
