import type { Db } from '../../db/database';
import { recipientClass } from '../../kernel/gst/gstin';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { readPartyCopy } from '../documents';
import { inrLines, inrOf, type SourceLine } from '../einvoice';
import { presentShippingBill } from '../invoices';
import type { Gstr1Doc, Gstr1Head, Gstr1Line, Gstr1Note } from './gstr1.rules';
import { notOpeningItem } from '../opening-balances';

/** Drafts were never issued; a voided document only counts, as cancelled, in doc_issue. */
const LEFT_OUT = ['DRAFT', 'CANCELLED'];

interface Scope { orgId: string; gstin: string; branches: string[]; from: string; to: string }
interface HeadRow { id: string; number: string; date: string; party: string | null; gst_treatment: string | null; export_type: string | null; place_of_supply: string; total: number; rateMicro: number; is_reverse_charge?: number }
interface LineRow { doc_id: string; item_total: number; discount: number; tax_rate_centi: number; cgst: number; sgst: number; igst: number; cess: number; supply_type: string | null }

/** A document's lines in INR, converted as the e-invoice and the HSN summary convert them (tax as the books post it); a line without a tax is a taxable one at 0%. */
function linesInInr(rows: readonly LineRow[], rateMicro: number): Gstr1Line[] {
  const sources = rows.map((r) => ({ itemTotal: r.item_total, discount: r.discount, cgst: r.cgst, sgst: r.sgst, igst: r.igst, cess: r.cess }) as SourceLine);
  return inrLines(sources, rateMicro).map((inr, i) => ({
    rateCenti: rows[i]!.tax_rate_centi, supplyType: rows[i]!.supply_type ?? 'TAXABLE', txval: inr.taxable, iamt: inr.igst, camt: inr.cgst, samt: inr.sgst, csamt: inr.cess,
  }));
}

/** The recipient's GSTIN as `ctin` when it makes a B2B supply; a non-resident's or OIDAR provider's id does not (docs/rules/gstin.md, "Kinds"). */
function ctinOf(party: string | null): string | null {
  const gstin = readPartyCopy(party)?.gstin ?? null;
  return recipientClass(gstin) === 'B2C' ? null : gstin;
}

const headOf = (r: HeadRow, supplierState: string): Gstr1Head => ({
  id: r.id, number: r.number, date: r.date, ctin: ctinOf(r.party), gstTreatment: r.gst_treatment, exportType: r.export_type,
  pos: stateCodeOfIso(r.place_of_supply) ?? '', supplierState, value: inrOf(r.rateMicro)(r.total), reverseCharge: r.is_reverse_charge === 1,
});

/** The customer notes' tables: credit notes lower a supply, debit notes raise it (CGST s.34). */
const NOTE_TABLES = [
  { notes: 'credit_notes', lines: 'credit_note_lines', id: 'credit_note_id', number: 'credit_note_number', debit: false },
  { notes: 'debit_notes', lines: 'debit_note_lines', id: 'debit_note_id', number: 'debit_note_number', debit: true },
] as const;

/** One kind's customer notes of the scope: heads and lines (queried as credit notes, the two tables' columns being the same). */
function customerNotes(db: Db, s: Scope, table: (typeof NOTE_TABLES)[number]) {
  const [notes, lines, id, number] = [table.notes as 'credit_notes', table.lines as 'credit_note_lines', table.id as 'credit_note_id', table.number as 'credit_note_number'];
  return Promise.all([
    db.selectFrom(`${notes} as d`)
      .select([`d.${id} as id`, `d.${number} as number`, 'd.note_date as date', 'd.party', 'd.gst_treatment', 'd.export_type', 'd.place_of_supply', 'd.total', 'd.exchange_rate_micro as rateMicro', 'd.invoice_id'])
      .where('d.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'CUSTOMER').where('d.status', 'not in', LEFT_OUT)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to).orderBy('d.note_date').orderBy(`d.${number}`).execute(),
    db.selectFrom(`${lines} as l`).innerJoin(`${notes} as d`, (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef(`d.${id}`, '=', `l.${id}`))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .select([`l.${id} as doc_id`, 'l.item_total', 'l.discount', 'l.tax_rate_centi', 'l.cgst', 'l.sgst', 'l.igst', 'l.cess', 't.supply_type'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'not in', LEFT_OUT).where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to)
      .orderBy(`l.${id}`).orderBy('l.position').execute(),
  ]).then(([heads, rows]) => ({ heads: heads.map((h) => ({ ...h, debit: table.debit })), rows }));
}

/**
 * The documents of one GSTR-1: the invoices and customer credit and debit notes of the GSTIN's
 * branches dated in the period, each with its lines (and a note with its invoice). Drafts and
 * voided documents are left out: a voided one only counts, as cancelled, in doc_issue.
 */
export async function gstr1Documents(db: Db, s: Scope): Promise<{ invoices: Gstr1Doc[]; notes: Gstr1Note[] }> {
  const supplierState = s.gstin.slice(0, 2);
  const invoiceHeads = () => db.selectFrom('invoices as d')
    .select(['d.invoice_id as id', 'd.invoice_number as number', 'd.invoice_date as date', 'd.party', 'd.gst_treatment', 'd.export_type', 'd.place_of_supply', 'd.total', 'd.exchange_rate_micro as rateMicro', 'd.is_reverse_charge'])
    .where('d.org_id', '=', s.orgId);
  const [invoices, invoiceLines, credits, debits] = await Promise.all([
    invoiceHeads().select(['d.shipping_bill_port', 'd.shipping_bill_number', 'd.shipping_bill_date', 'd.shipping_bill_time']).where('d.branch_id', 'in', s.branches).where('d.status', 'not in', LEFT_OUT).where(notOpeningItem('d.org_id', 'd.invoice_id'))
      .where('d.invoice_date', '>=', s.from).where('d.invoice_date', '<=', s.to).orderBy('d.invoice_date').orderBy('d.invoice_number').execute(),
    db.selectFrom('invoice_lines as l').innerJoin('invoices as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.invoice_id', '=', 'l.invoice_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .select(['l.invoice_id as doc_id', 'l.item_total', 'l.discount', 'l.tax_rate_centi', 'l.cgst', 'l.sgst', 'l.igst', 'l.cess', 't.supply_type'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'not in', LEFT_OUT).where(notOpeningItem('d.org_id', 'd.invoice_id')).where('d.invoice_date', '>=', s.from).where('d.invoice_date', '<=', s.to)
      .orderBy('l.invoice_id').orderBy('l.position').execute(),
    customerNotes(db, s, NOTE_TABLES[0]),
    customerNotes(db, s, NOTE_TABLES[1]),
  ]);
  const notes = [...credits.heads, ...debits.heads];
  const noteLines = [...credits.rows, ...debits.rows];
  const credited = notes.map((n) => n.invoice_id).filter((id): id is string => id !== null);
  const creditedInvoices = credited.length === 0 ? [] : await invoiceHeads().where('d.invoice_id', 'in', credited).execute();
  const linesOf = (rows: LineRow[]) => {
    const byDoc = new Map<string, LineRow[]>();
    for (const r of rows) {
      const lines = byDoc.get(r.doc_id) ?? [];
      lines.push(r);
      byDoc.set(r.doc_id, lines);
    }
    return (h: HeadRow) => linesInInr(byDoc.get(h.id) ?? [], h.rateMicro);
  };
  const [ofInvoice, ofNote] = [linesOf(invoiceLines), linesOf(noteLines)];
  const invoiceById = new Map(creditedInvoices.map((i) => [i.id, headOf(i, supplierState)]));
  return {
    invoices: invoices.map((i) => ({ ...headOf(i, supplierState), lines: ofInvoice(i), shippingBill: presentShippingBill(i) })),
    notes: notes.map((n) => {
      const invoice = (n.invoice_id && invoiceById.get(n.invoice_id)) || null;
      // A note, credit or debit, is under reverse charge when the invoice it corrects is.
      return { ...headOf(n, supplierState), reverseCharge: invoice?.reverseCharge ?? false, lines: ofNote(n), invoice, debit: n.debit };
    }),
  };
}
