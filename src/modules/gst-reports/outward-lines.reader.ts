import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { partyRegisteredSql } from '../documents';
import { inrLines, sourceLineOf, type SourceLine } from '../einvoice';
import type { HsnEntry } from './hsn-summary.builder';
import { notOpeningItem } from '../opening-balances';

interface Scope { orgId: string; branches: string[]; from: string; to: string }

/** Issued and standing: drafts were never issued, a voided document is out of the returns. */
const LEFT_OUT = ['DRAFT', 'CANCELLED'];
const RUPEE = 1_000_000;

/** What puts a line in an HSN row (besides its section): code, unit, rate, whether its item is a service. */
const HSN_PLACING = ['l.hsn_or_sac', 'l.unit', 'l.tax_rate_centi', 'i.type'] as const;
/**
 * Lines of rupee documents are summed in the database (at rate 1 conversion is the identity, so
 * the sums are exact); a foreign document's lines come one row each, with their document, for
 * inrLines to convert them together as the e-invoice does.
 */
const FOREIGN_DOCUMENT = (id: 'l.invoice_id' | 'l.credit_note_id' | 'l.debit_note_id') => sql<string>`CASE WHEN d.exchange_rate_micro = ${sql.lit(RUPEE)} THEN '' ELSE ${sql.ref(id)} END`;
const FOREIGN_LINE = sql<string>`CASE WHEN d.exchange_rate_micro = ${sql.lit(RUPEE)} THEN '' ELSE l.line_item_id END`;
const SUMMED = [
  sql<number>`sum(l.quantity_milli)`.as('quantity_milli'), sql<number>`sum(l.item_total)`.as('item_total'), sql<number>`sum(l.discount)`.as('discount'),
  sql<number>`sum(l.cgst)`.as('cgst'), sql<number>`sum(l.sgst)`.as('sgst'), sql<number>`sum(l.igst)`.as('igst'), sql<number>`sum(l.cess)`.as('cess'),
  // One line's own values when the row is a foreign line; for a sum, the smallest name is the row's description.
  sql<string>`min(l.name)`.as('name'), sql<number>`min(l.rate)`.as('rate'), sql<number>`min(l.position)`.as('position'), sql<number>`min(l.cess_rate_centi)`.as('cess_rate_centi'),
  sql<number>`min(l.cess_per_unit)`.as('cess_per_unit'),
] as const;
/** The goods a row moves: an invoice's every line; a note's lines that move goods, not those changing value alone (value_only, docs/decisions.md Notes). */
const INVOICED_GOODS = sql<number>`sum(l.quantity_milli)`.as('goods_milli');
const RETURNED_GOODS = sql<number>`sum(CASE WHEN l.value_only = 1 THEN 0 ELSE l.quantity_milli END)`.as('goods_milli');

type HsnRow = {
  b2b: number; doc_id: string; exchange_rate_micro: number; hsn_or_sac: string | null; unit: string | null; tax_rate_centi: number; type: string | null;
  quantity_milli: number; goods_milli: number; item_total: number; discount: number; cgst: number; sgst: number; igst: number; cess: number; cess_rate_centi: number; cess_per_unit: number;
  name: string; rate: number; position: number;
};

/** The rows as HSN entries: sums as they are (in rupees already), foreign lines converted per document. */
function entriesOf(rows: readonly HsnRow[], credit: boolean): { b2b: HsnEntry[]; b2c: HsnEntry[] } {
  const out = { b2b: [] as HsnEntry[], b2c: [] as HsnEntry[] };
  const foreign = new Map<string, HsnRow[]>();
  const lineOf = (r: HsnRow): SourceLine =>
    sourceLineOf({ ...r, description: null, item_id: null }, r.type === 'SERVICE');
  for (const r of rows) {
    if (r.doc_id === '') {
      const line = lineOf(r);
      const inr = { gross: r.item_total + r.discount, discount: r.discount, taxable: r.item_total, cgst: r.cgst, sgst: r.sgst, igst: r.igst, cess: r.cess };
      (r.b2b ? out.b2b : out.b2c).push({ line, inr, credit, goodsMilli: Number(r.goods_milli) });
    } else {
      const lines = foreign.get(r.doc_id);
      if (lines) lines.push(r);
      else foreign.set(r.doc_id, [r]);
    }
  }
  for (const docRows of foreign.values()) {
    docRows.sort((a, b) => a.position - b.position);
    const lines = docRows.map(lineOf);
    const inr = inrLines(lines, docRows[0]!.exchange_rate_micro);
    lines.forEach((line, i) => (docRows[i]!.b2b ? out.b2b : out.b2c).push({ line, inr: inr[i]!, credit, goodsMilli: Number(docRows[i]!.goods_milli) }));
  }
  return out;
}

/**
 * The HSN entries of a GSTIN's branches in a date range: the lines of issued, standing invoices
 * and customer debit notes (adding) and customer credit notes (subtracting: their value, and the
 * goods of the lines that take goods back), in `hsn_b2b` when the party the document keeps has a GSTIN.
 * One statement per kind of document, whose answer is a row per HSN row for rupee documents.
 */
export async function hsnEntries(db: Db, s: Scope): Promise<{ b2b: HsnEntry[]; b2c: HsnEntry[] }> {
  const b2b = partyRegisteredSql(db, 'd.party');
  /** A kind's customer notes' rows (the two tables' columns being the same, queried as credit notes'). */
  const customerNoteLines = (kind: 'credit_note' | 'debit_note') => {
    const [notes, lines, id] = [`${kind}s` as 'credit_notes', `${kind}_lines` as 'credit_note_lines', `${kind}_id` as 'credit_note_id'];
    const foreign = FOREIGN_DOCUMENT(`l.${kind}_id`);
    return db.selectFrom(`${lines} as l`)
      .innerJoin(`${notes} as d`, (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef(`d.${id}`, '=', `l.${id}`))
      .leftJoin('items as i', (j) => j.onRef('i.org_id', '=', 'l.org_id').onRef('i.item_id', '=', 'l.item_id'))
      .select([b2b.as('b2b'), foreign.as('doc_id'), 'd.exchange_rate_micro', ...HSN_PLACING, ...SUMMED, RETURNED_GOODS])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'CUSTOMER').where('d.status', 'not in', LEFT_OUT)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to)
      .groupBy([b2b, foreign, 'd.exchange_rate_micro', ...HSN_PLACING, FOREIGN_LINE]).execute();
  };
  const [invoices, notes, debitNotes] = await Promise.all([
    db.selectFrom('invoice_lines as l')
      .innerJoin('invoices as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.invoice_id', '=', 'l.invoice_id'))
      .leftJoin('items as i', (j) => j.onRef('i.org_id', '=', 'l.org_id').onRef('i.item_id', '=', 'l.item_id'))
      .select([b2b.as('b2b'), FOREIGN_DOCUMENT('l.invoice_id').as('doc_id'), 'd.exchange_rate_micro', ...HSN_PLACING, ...SUMMED, INVOICED_GOODS])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'not in', LEFT_OUT).where(notOpeningItem('d.org_id', 'd.invoice_id'))
      .where('d.invoice_date', '>=', s.from).where('d.invoice_date', '<=', s.to)
      .groupBy([b2b, FOREIGN_DOCUMENT('l.invoice_id'), 'd.exchange_rate_micro', ...HSN_PLACING, FOREIGN_LINE]).execute(),
    customerNoteLines('credit_note'),
    customerNoteLines('debit_note'),
  ]);
  const [sold, credited, debited] = [entriesOf(invoices, false), entriesOf(notes, true), entriesOf(debitNotes, false)];
  return { b2b: [...sold.b2b, ...credited.b2b, ...debited.b2b], b2c: [...sold.b2c, ...credited.b2c, ...debited.b2c] };
}
