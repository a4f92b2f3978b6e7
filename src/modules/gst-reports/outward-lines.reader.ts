import type { Db } from '../../db/database';
import { LINE_COLUMNS, sourceLineOf, type SourceLine } from '../einvoice';

interface Scope { orgId: string; branches: string[]; from: string; to: string }

/** Issued and standing: drafts were never issued, a voided document is out of the returns. */
const LEFT_OUT = ['DRAFT', 'CANCELLED'];

/** Rows of lines, each with its document's id and whether its item is a service, in document then position order, grouped by document. */
function byDocument(rows: readonly ({ doc_id: string; item_type: string | null } & Parameters<typeof sourceLineOf>[0])[]): Map<string, SourceLine[]> {
  const lines = new Map<string, SourceLine[]>();
  for (const row of rows) {
    const line = sourceLineOf(row, row.item_type === 'SERVICE');
    const list = lines.get(row.doc_id);
    if (list) list.push(line);
    else lines.set(row.doc_id, [line]);
  }
  return lines;
}

/**
 * The lines of every invoice and customer credit note of a GSTIN's branches dated in a range,
 * issued and not voided, keyed by document: one statement per kind of document, however many
 * documents (reading them one document at a time cost a statement each).
 */
export async function outwardLines(db: Db, s: Scope): Promise<{ invoices: Map<string, SourceLine[]>; notes: Map<string, SourceLine[]> }> {
  const columns = LINE_COLUMNS.map((c) => `l.${c}` as const);
  const [invoices, notes] = await Promise.all([
    db.selectFrom('invoice_lines as l')
      .innerJoin('invoices as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.invoice_id', '=', 'l.invoice_id'))
      .leftJoin('items as i', (j) => j.onRef('i.org_id', '=', 'l.org_id').onRef('i.item_id', '=', 'l.item_id'))
      .select([...columns, 'l.invoice_id as doc_id', 'i.type as item_type'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'not in', LEFT_OUT)
      .where('d.invoice_date', '>=', s.from).where('d.invoice_date', '<=', s.to)
      .orderBy('l.invoice_id').orderBy('l.position').execute(),
    db.selectFrom('credit_note_lines as l')
      .innerJoin('credit_notes as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.credit_note_id', '=', 'l.credit_note_id'))
      .leftJoin('items as i', (j) => j.onRef('i.org_id', '=', 'l.org_id').onRef('i.item_id', '=', 'l.item_id'))
      .select([...columns, 'l.credit_note_id as doc_id', 'i.type as item_type'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'CUSTOMER').where('d.status', 'not in', LEFT_OUT)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to)
      .orderBy('l.credit_note_id').orderBy('l.position').execute(),
  ]);
  return { invoices: byDocument(invoices), notes: byDocument(notes) };
}
