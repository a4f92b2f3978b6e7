import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import type { DebitNoteApplicationsTable, DebitNoteLinesTable, DebitNotesTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type DebitNoteRow = DebitNotesTable;
export type DebitNoteLineRow = DebitNoteLinesTable;
export type DebitNoteApplicationRow = DebitNoteApplicationsTable;

export interface DebitNoteFilter {
  status?: string;
  vendorId?: string;
  billId?: string;
}

export const debitNotesRepository = {
  async find(db: Db | Tx, orgId: string, debitNoteId: string, forUpdate = false) {
    let q = db.selectFrom('debit_notes').selectAll().where('org_id', '=', orgId).where('debit_note_id', '=', debitNoteId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, debitNoteIds: readonly string[]) =>
    debitNoteIds.length === 0 ? Promise.resolve([] as DebitNoteLineRow[])
      : db.selectFrom('debit_note_lines').selectAll().where('org_id', '=', orgId).where('debit_note_id', 'in', debitNoteIds)
        .orderBy('debit_note_id').orderBy('position').execute(),

  /** Newest first; keyset on debit_note_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: DebitNoteFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('debit_notes').selectAll().where('org_id', '=', orgId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.vendorId) q = q.where('contact_id', '=', filter.vendorId);
    if (filter.billId) q = q.where('bill_id', '=', filter.billId);
    if (after) q = q.where('debit_note_id', '<', String(after[0]));
    return q.orderBy('debit_note_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, note: DebitNoteRow, lines: DebitNoteLineRow[]) {
    await insertRows(tx, 'debit_notes', [note]);
    await insertRows(tx, 'debit_note_lines', lines);
  },

  async update(tx: Tx, orgId: string, debitNoteId: string, changes: Partial<DebitNoteRow>) {
    await tx.updateTable('debit_notes').set(changes).where('org_id', '=', orgId).where('debit_note_id', '=', debitNoteId).execute();
  },

  async insertApplication(tx: Tx, application: DebitNoteApplicationsTable) {
    await insertRows(tx, 'debit_note_applications', [application]);
  },

  /** The live (not unapplied) applications of these notes, oldest first. */
  applications: (db: Db | Tx, orgId: string, noteIds: readonly string[]) =>
    noteIds.length === 0 ? Promise.resolve([] as DebitNoteApplicationRow[])
      : db.selectFrom('debit_note_applications').selectAll().where('org_id', '=', orgId).where('debit_note_id', 'in', noteIds).where('released', '=', 0)
        .orderBy('debit_note_id').orderBy('application_id').execute(),

  async releaseApplication(tx: Tx, orgId: string, applicationId: string) {
    await tx.updateTable('debit_note_applications').set({ released: 1 }).where('org_id', '=', orgId).where('application_id', '=', applicationId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('debit_notes').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
