import type { Db, Tx } from '../../db/database';
import { insertRows } from '../../db/prepared';
import { engineOf } from '../../db/engine';
import type { CreditNoteApplicationsTable, CreditNoteLinesTable, CreditNotesTable } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';

export type CreditNoteRow = CreditNotesTable;
export type CreditNoteLineRow = CreditNoteLinesTable;
export type CreditNoteApplicationRow = CreditNoteApplicationsTable;

export interface CreditNoteFilter {
  status?: string;
  contactId?: string;
  invoiceId?: string;
  billId?: string;
  noteType?: string;
}

export const creditNotesRepository = {
  async find(db: Db | Tx, orgId: string, creditNoteId: string, forUpdate = false) {
    let q = db.selectFrom('credit_notes').selectAll().where('org_id', '=', orgId).where('credit_note_id', '=', creditNoteId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  lines: (db: Db | Tx, orgId: string, creditNoteIds: readonly string[]) =>
    creditNoteIds.length === 0 ? Promise.resolve([] as CreditNoteLineRow[])
      : db.selectFrom('credit_note_lines').selectAll().where('org_id', '=', orgId).where('credit_note_id', 'in', creditNoteIds)
        .orderBy('credit_note_id').orderBy('position').execute(),

  /** Newest first; keyset on credit_note_id (time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: CreditNoteFilter, after: CursorPosition | null, limit: number) {
    let q = db.selectFrom('credit_notes').selectAll().where('org_id', '=', orgId);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.contactId) q = q.where('contact_id', '=', filter.contactId);
    if (filter.invoiceId) q = q.where('invoice_id', '=', filter.invoiceId);
    if (filter.billId) q = q.where('bill_id', '=', filter.billId);
    if (filter.noteType) q = q.where('note_type', '=', filter.noteType);
    if (after) q = q.where('credit_note_id', '<', String(after[0]));
    return q.orderBy('credit_note_id', 'desc').limit(limit + 1).execute();
  },

  async insert(tx: Tx, note: CreditNoteRow, lines: CreditNoteLineRow[]) {
    await insertRows(tx, 'credit_notes', [note]);
    await insertRows(tx, 'credit_note_lines', lines);
  },

  async update(tx: Tx, orgId: string, creditNoteId: string, changes: Partial<CreditNoteRow>) {
    await tx.updateTable('credit_notes').set(changes).where('org_id', '=', orgId).where('credit_note_id', '=', creditNoteId).execute();
  },

  async insertApplication(tx: Tx, application: CreditNoteApplicationsTable) {
    await insertRows(tx, 'credit_note_applications', [application]);
  },

  /** The live (not unapplied) applications of these notes, oldest first. */
  applications: (db: Db | Tx, orgId: string, noteIds: readonly string[]) =>
    noteIds.length === 0 ? Promise.resolve([] as CreditNoteApplicationRow[])
      : db.selectFrom('credit_note_applications').selectAll().where('org_id', '=', orgId).where('credit_note_id', 'in', noteIds).where('released', '=', 0)
        .orderBy('credit_note_id').orderBy('application_id').execute(),

  async releaseApplication(tx: Tx, orgId: string, applicationId: string) {
    await tx.updateTable('credit_note_applications').set({ released: 1 }).where('org_id', '=', orgId).where('application_id', '=', applicationId).execute();
  },

  async countForContact(tx: Tx, orgId: string, contactId: string) {
    const row = await tx.selectFrom('credit_notes').select(({ fn }) => fn.countAll<number>().as('n'))
      .where('org_id', '=', orgId).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
    return Number(row.n);
  },
};
