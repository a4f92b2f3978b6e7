import { sql } from 'kysely';
import type { Tx } from '../../db/database';
import type { LineCredited, ParentKind, ParentLine } from './note-bindings.rules';

/** The notes that can correct each parent: an invoice's customer credit notes; a bill's vendor credit notes and debit notes. */
const NOTES_OF: Record<ParentKind, readonly { notes: string; lines: string; id: string }[]> = {
  invoice: [{ notes: 'credit_notes', lines: 'credit_note_lines', id: 'credit_note_id' }],
  bill: [
    { notes: 'credit_notes', lines: 'credit_note_lines', id: 'credit_note_id' },
    { notes: 'debit_notes', lines: 'debit_note_lines', id: 'debit_note_id' },
  ],
};

/** What the live (not CANCELLED) notes of a parent already credit: per parent line, and in total. */
export interface ParentCredited {
  lines: Map<string, LineCredited>;
  total: number;
}

export const noteBindingsRepository = {
  parentLines(tx: Tx, orgId: string, kind: ParentKind, parentId: string): Promise<ParentLine[]> {
    return kind === 'invoice'
      ? tx.selectFrom('invoice_lines').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', parentId).orderBy('position').execute()
      : tx.selectFrom('bill_lines').selectAll().where('org_id', '=', orgId).where('bill_id', '=', parentId).orderBy('position').execute();
  },

  async credited(tx: Tx, orgId: string, kind: ParentKind, parentId: string): Promise<ParentCredited> {
    const parentColumn = sql.ref(`n.${kind}_id`);
    const out: ParentCredited = { lines: new Map(), total: 0 };
    for (const { notes, lines, id } of NOTES_OF[kind]) {
      const live = sql`n.org_id = ${orgId} AND ${parentColumn} = ${parentId} AND n.status <> 'CANCELLED'`;
      const totals = await sql<{ total: string | number | null }>`SELECT SUM(n.total) AS total FROM ${sql.table(notes)} n WHERE ${live}`.execute(tx);
      out.total += Number(totals.rows[0]?.total ?? 0);
      const perLine = await sql<{ parent_line_item_id: string; value_only: number; quantity_milli: string | number; taxable: string | number }>`
        SELECT l.parent_line_item_id, l.value_only, SUM(l.quantity_milli) AS quantity_milli, SUM(l.item_total) AS taxable
        FROM ${sql.table(lines)} l JOIN ${sql.table(notes)} n ON n.org_id = l.org_id AND ${sql.ref(`n.${id}`)} = ${sql.ref(`l.${id}`)}
        WHERE ${live} AND l.parent_line_item_id IS NOT NULL
        GROUP BY l.parent_line_item_id, l.value_only`.execute(tx);
      for (const row of perLine.rows) {
        const sofar = out.lines.get(row.parent_line_item_id) ?? { quantityMilli: 0, taxable: 0 };
        out.lines.set(row.parent_line_item_id, {
          quantityMilli: sofar.quantityMilli + (Number(row.value_only) === 1 ? 0 : Number(row.quantity_milli)),
          taxable: sofar.taxable + Number(row.taxable),
        });
      }
    }
    return out;
  },
};
