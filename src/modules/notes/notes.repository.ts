import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { insertRows } from '../../db/prepared';
import { containsSearch, type SearchFilter } from '../../db/text-search';
import type { CreditNoteApplicationsTable, CreditNoteLinesTable, CreditNotesTable, DocumentLineColumns, Flag, NoteColumns, NoteLineBinding } from '../../db/schema';
import type { CursorPosition } from '../../kernel/cursor';
import { withEInvoiceStatus, type EInvoiceFilter } from '../einvoice';
import type { NoteStore, NoteType } from './note-kinds';

/** A note as the use cases read it, whichever table holds it: its id and number by those names. */
export interface NoteRow extends NoteColumns {
  id: string;
  number: string;
  note_type: NoteType;
  /** A customer note's invoice's export_type (WPAY, WOPAY) or its own routing's; null otherwise. */
  export_type: string | null;
}

export interface NoteLineRow extends DocumentLineColumns, NoteLineBinding {
  org_id: string;
  note_id: string;
  position: number;
  restock: Flag;
}

export interface NoteApplicationRow {
  org_id: string;
  application_id: string;
  note_id: string;
  invoice_id: string | null;
  bill_id: string | null;
  amount: number;
  created_time: string;
  /** 1 once unapplied (030-note-unapply). */
  released: Flag;
}

export interface NoteFilter extends SearchFilter {
  status?: string | undefined;
  contactId?: string | undefined;
  invoiceId?: string | undefined;
  billId?: string | undefined;
  noteType?: string | undefined;
  einvoice?: EInvoiceFilter | undefined;
}

/*
 * The two note tables share their columns (NoteColumns, the line and application columns) but
 * for the id and number columns, which a store names, and invoice_id on applications, which only
 * credit notes hold (store.appliesToInvoices). Queries are typed against the credit note tables and name only the columns
 * both hold, or the store's own; each row is read into the shapes above.
 */
const tables = (s: NoteStore) => ({
  notes: s.notes as 'credit_notes', lines: s.lines as 'credit_note_lines', applications: s.applications as 'credit_note_applications',
  id: s.id as 'credit_note_id', number: s.number as 'credit_note_number',
});

function noteOf(s: NoteStore, raw: CreditNotesTable): NoteRow {
  const { credit_note_id: _id, credit_note_number: _number, ...columns } = raw;
  const row = raw as unknown as Record<string, unknown>;
  return {
    ...columns, id: row[s.id] as string, number: row[s.number] as string, note_type: raw.note_type as NoteType,
  };
}

function lineOf(s: NoteStore, raw: CreditNoteLinesTable): NoteLineRow {
  const { credit_note_id: _id, ...columns } = raw;
  return { ...columns, note_id: (raw as unknown as Record<string, string>)[s.id]! };
}

function applicationOf(s: NoteStore, raw: CreditNoteApplicationsTable): NoteApplicationRow {
  const { credit_note_id: _id, ...columns } = raw;
  return { ...columns, invoice_id: raw.invoice_id ?? null, note_id: (raw as unknown as Record<string, string>)[s.id]! };
}

export function notesRepository(s: NoteStore) {
  const t = tables(s);
  return {
    async find(db: Db | Tx, orgId: string, noteId: string, forUpdate = false): Promise<NoteRow | undefined> {
      let q = db.selectFrom(t.notes).selectAll().where('org_id', '=', orgId).where(t.id, '=', noteId);
      if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
      const raw = await q.executeTakeFirst();
      return raw && noteOf(s, raw);
    },

    async lines(db: Db | Tx, orgId: string, noteIds: readonly string[]): Promise<NoteLineRow[]> {
      if (noteIds.length === 0) return [];
      const rows = await db.selectFrom(t.lines).selectAll().where('org_id', '=', orgId).where(t.id, 'in', noteIds).orderBy(t.id).orderBy('position').execute();
      return rows.map((r) => lineOf(s, r));
    },

    /** Newest first; keyset on the id (time-sortable), one row beyond the page. */
    async list(db: Db, orgId: string, filter: NoteFilter, after: CursorPosition | null, limit: number): Promise<NoteRow[]> {
      let q = db.selectFrom(t.notes).selectAll().where('org_id', '=', orgId);
      if (filter.status) q = q.where('status', '=', filter.status);
      if (filter.contactId) q = q.where('contact_id', '=', filter.contactId);
      if (filter.invoiceId) q = q.where('invoice_id', '=', filter.invoiceId);
      if (filter.billId) q = q.where('bill_id', '=', filter.billId);
      if (filter.noteType) q = q.where('note_type', '=', filter.noteType);
      if (filter.search) q = q.where(containsSearch(engineOf(db), [t.number, 'contact_name'], filter.search));
      if (filter.einvoice) q = q.where(withEInvoiceStatus(filter.einvoice, { table: t.notes, id: t.id }));
      if (after) q = q.where(t.id, '<', String(after[0]));
      const rows = await q.orderBy(t.id, 'desc').limit(limit + 1).execute();
      return rows.map((r) => noteOf(s, r));
    },

    async insert(tx: Tx, note: NoteRow, lines: readonly NoteLineRow[]) {
      const { id, number, ...columns } = note;
      await insertRows(tx, t.notes, [{ ...columns, [s.id]: id, [s.number]: number } as CreditNotesTable]);
      await insertRows(tx, t.lines, lines.map(({ note_id, ...l }) => ({ ...l, [s.id]: note_id }) as CreditNoteLinesTable));
    },

    async update(tx: Tx, orgId: string, noteId: string, changes: Partial<Omit<NoteRow, 'id' | 'number' | 'note_type'>>) {
      await tx.updateTable(t.notes).set(changes).where('org_id', '=', orgId).where(t.id, '=', noteId).execute();
    },

    async insertApplication(tx: Tx, application: NoteApplicationRow) {
      const { note_id, invoice_id, ...columns } = application;
      await insertRows(tx, t.applications, [{ ...columns, ...(s.appliesToInvoices && { invoice_id }), [s.id]: note_id } as CreditNoteApplicationsTable]);
    },

    /** The live (not unapplied) applications of these notes, oldest first. */
    async applications(db: Db | Tx, orgId: string, noteIds: readonly string[]): Promise<NoteApplicationRow[]> {
      if (noteIds.length === 0) return [];
      const rows = await db.selectFrom(t.applications).selectAll().where('org_id', '=', orgId).where(t.id, 'in', noteIds).where('released', '=', 0)
        .orderBy(t.id).orderBy('application_id').execute();
      return rows.map((r) => applicationOf(s, r));
    },

    async releaseApplication(tx: Tx, orgId: string, applicationId: string) {
      await tx.updateTable(t.applications).set({ released: 1 }).where('org_id', '=', orgId).where('application_id', '=', applicationId).execute();
    },

    async countForContact(tx: Tx, orgId: string, contactId: string) {
      const row = await tx.selectFrom(t.notes).select(({ fn }) => fn.countAll<number>().as('n'))
        .where('org_id', '=', orgId).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every note with what the ledger check compares: its side, status and total (notes.ledger-check.ts). */
    async forLedgerCheck(db: Db, orgId?: string) {
      let q = db.selectFrom(t.notes).selectAll();
      if (orgId) q = q.where('org_id', '=', orgId);
      return (await q.execute()).map((r) => noteOf(s, r));
    },
  };
}

export type NotesRepository = ReturnType<typeof notesRepository>;
