import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { RecipientClass } from '../../kernel/gst/gstin';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { partyRecipientSql, readPartyCopy } from '../documents';
import { toBase } from '../documents/currency.rules';
import { importOfGoods, posRestricted } from '../documents/purchase-tax.rules';
import { isZeroRatedSupply } from '../documents/supply.rules';
import { advancesOfPeriod } from './advances.reader';
import type { AdvanceEntry } from './gstr1-advances.builder';
import type { InterStateTable, InwardLine, ItcType, OutwardLine, SupplyKind } from './gstr3b.builder';
import { notOpeningItem } from '../opening-balances';

/** Bills whose entry is posted and stands: a draft has none, a void one is reversed. */
const POSTED_BILL_STATUSES = ['OPEN', 'PARTIALLY_PAID', 'PAID'];
/** Notes that stand: a cancelled one is reversed. */
const STANDING_NOTE_STATUSES = ['ISSUED', 'APPLIED'];

interface Scope { orgId: string; branches: string[]; from: string; to: string }

/** What places an outward line in GSTR-3B besides its tax's kind and how its recipient is classed: its document's rate, treatment, supply type and place. */
const OUTWARD_PLACING = ['d.exchange_rate_micro', 'd.gst_treatment', 'd.supply_type', 'd.place_of_supply'] as const;
const SUMMED_AMOUNTS = [
  sql<number>`sum(l.item_total)`.as('item_total'), sql<number>`sum(l.igst)`.as('igst'), sql<number>`sum(l.cgst)`.as('cgst'), sql<number>`sum(l.sgst)`.as('sgst'),
  sql<number>`sum(l.cess)`.as('cess'),
] as const;
/**
 * The outward lines of documents in rupees are summed in the database, a row per placing: at
 * rate 1 the conversion changes nothing, so the sum of the lines is exact, and a month of
 * 100,000 invoices is a few rows, not 200,000. A foreign document's line stays a row of its
 * own, converted (rounded) alone as before.
 */
const ONE_ROW_PER_FOREIGN_LINE = sql<string>`CASE WHEN d.exchange_rate_micro = 1000000 THEN '' ELSE l.line_item_id END`;
const NOTE_REVERSE_CHARGE = sql<0 | 1>`coalesce(ri.is_reverse_charge, 0)`;
/** An expense's line has no compensation cess. */
interface Amounts { item_total: number; igst: number; cgst: number; sgst: number; cess?: number; supply_kind: string | null }

/** A line's amounts in INR at its document's rate; a line without a tax is a taxable one at 0%. */
const valued = (l: Amounts, rateMicro: number, sign: 1 | -1) => ({
  sign, kind: (l.supply_kind ?? 'TAXABLE') as SupplyKind,
  txval: toBase(l.item_total, rateMicro), igst: toBase(l.igst, rateMicro), cgst: toBase(l.cgst, rateMicro), sgst: toBase(l.sgst, rateMicro),
  cess: toBase(l.cess ?? 0, rateMicro),
});
/** The credit type of a purchase: an OVERSEAS vendor's reverse charge is an import of services. */
const itcTypeOf = (isRcm: number | null, treatment: string | null): ItcType => (isRcm !== 1 ? 'OTH' : treatment === 'OVERSEAS' ? 'IMPS' : 'ISRC');
/**
 * A Bill of Entry's IGST, paid at customs on goods imported (or cleared from an SEZ), is credit
 * of type IMPG, 4(A)(1), in the period of its date (CGST Rule 36(1)(d)); inter-state (IGST Act s.7(2)).
 */
const importedGoods = (b: { igst_taxable_value: number; igst: number }): InwardLine => ({
  sign: 1, kind: 'TAXABLE', txval: b.igst_taxable_value, igst: b.igst, cgst: 0, sgst: 0,
  reverseCharge: false, itcType: 'IMPG', blocked: false, posRestricted: false, inter: true, composition: false,
});
/**
 * The table of 3.2 an inter-state supply that is not zero-rated goes in, by its recipient
 * (docs/rules/returns-gstr1-gstr3b.md, "GSTR-3B"): an unregistered person, a UIN holder, a
 * composition dealer (the treatment the document keeps); null for any other registered one.
 */
function interStateTable(recipient: RecipientClass, treatment: string | null): InterStateTable | null {
  if (recipient === 'B2C') return 'unreg_details';
  if (recipient === 'UIN') return 'uin_details';
  return treatment === 'REGISTERED_COMPOSITION' ? 'comp_details' : null;
}

/**
 * The lines GSTR-3B is built from, for the branches of one GSTIN and dates within the period (a month or a quarter):
 * invoices and customer credit and debit notes issued; bills, expenses, debit notes to vendors and vendor credits received; Bills of Entry.
 */
export async function gstr3bLines(db: Db, s: Scope): Promise<{ outward: OutwardLine[]; inward: InwardLine[] }> {
  // The GSTIN the document keeps (party-copy.ts), not the contact's current one.
  const recipient = partyRecipientSql(db, 'd.party');
  /** A kind's customer notes' outward lines (the two tables' columns being the same, queried as credit notes'); a note is under reverse charge when the invoice it corrects is. */
  const customerNoteLines = (kind: 'credit_note' | 'debit_note') => {
    const [notes, lines, id] = [`${kind}s` as 'credit_notes', `${kind}_lines` as 'credit_note_lines', `${kind}_id` as 'credit_note_id'];
    return db.selectFrom(`${lines} as l`)
      .innerJoin(`${notes} as d`, (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef(`d.${id}`, '=', `l.${id}`))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .leftJoin('invoices as ri', (j) => j.onRef('ri.org_id', '=', 'd.org_id').onRef('ri.invoice_id', '=', 'd.invoice_id'))
      .select(['t.supply_type as supply_kind', ...OUTWARD_PLACING, recipient.as('recipient'), NOTE_REVERSE_CHARGE.as('is_reverse_charge'), ...SUMMED_AMOUNTS])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'CUSTOMER').where('d.status', 'in', STANDING_NOTE_STATUSES)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to)
      .groupBy(['t.supply_type', ...OUTWARD_PLACING, recipient, NOTE_REVERSE_CHARGE, ONE_ROW_PER_FOREIGN_LINE]).execute();
  };
  const [advances, invoices, creditNotes, customerDebitNotes, bills, expenses, debitNotes, vendorCredits, billsOfEntry] = await Promise.all([
    advancesOfPeriod(db, s),
    db.selectFrom('invoice_lines as l')
      .innerJoin('invoices as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.invoice_id', '=', 'l.invoice_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .select(['t.supply_type as supply_kind', ...OUTWARD_PLACING, recipient.as('recipient'), 'd.is_reverse_charge', ...SUMMED_AMOUNTS])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'not in', ['DRAFT', 'CANCELLED']).where(notOpeningItem('d.org_id', 'd.invoice_id'))
      .where('d.invoice_date', '>=', s.from).where('d.invoice_date', '<=', s.to)
      .groupBy(['t.supply_type', ...OUTWARD_PLACING, recipient, 'd.is_reverse_charge', ONE_ROW_PER_FOREIGN_LINE]).execute(),
    customerNoteLines('credit_note'),
    customerNoteLines('debit_note'),
    db.selectFrom('bill_lines as l')
      .innerJoin('bills as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.bill_id', '=', 'l.bill_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .innerJoin('branches as br', (j) => j.onRef('br.org_id', '=', 'd.org_id').onRef('br.branch_id', '=', 'd.branch_id'))
      .select(['l.item_total', 'l.igst', 'l.cgst', 'l.sgst', 'l.cess', 'l.hsn_or_sac', 't.supply_type as supply_kind', 'l.itc_blocked_reason', 'd.exchange_rate_micro', 'd.gst_treatment', 'd.supply_type', 'd.is_rcm', 'd.place_of_supply', 'br.state_code as branch_state'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'in', POSTED_BILL_STATUSES).where(notOpeningItem('d.org_id', 'd.bill_id'))
      .where('d.bill_date', '>=', s.from).where('d.bill_date', '<=', s.to).execute(),
    db.selectFrom('expense_lines as l')
      .innerJoin('expenses as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.expense_id', '=', 'l.expense_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .innerJoin('branches as br', (j) => j.onRef('br.org_id', '=', 'd.org_id').onRef('br.branch_id', '=', 'd.branch_id'))
      .select(['l.item_total', 'l.igst', 'l.cgst', 'l.sgst', 't.supply_type as supply_kind', 'd.itc_blocked_reason', 'd.party', 'd.supply_type', 'd.is_rcm', 'd.place_of_supply', 'br.state_code as branch_state'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', '=', 'RECORDED')
      .where('d.expense_date', '>=', s.from).where('d.expense_date', '<=', s.to).execute(),
    db.selectFrom('debit_note_lines as l')
      .innerJoin('debit_notes as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.debit_note_id', '=', 'l.debit_note_id'))
      .leftJoin('bills as b', (j) => j.onRef('b.org_id', '=', 'd.org_id').onRef('b.bill_id', '=', 'd.bill_id'))
      .leftJoin('bill_lines as p', (j) => j.onRef('p.org_id', '=', 'l.org_id').onRef('p.line_item_id', '=', 'l.parent_line_item_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .innerJoin('branches as br', (j) => j.onRef('br.org_id', '=', 'd.org_id').onRef('br.branch_id', '=', 'd.branch_id'))
      .select(['l.item_total', 'l.igst', 'l.cgst', 'l.sgst', 'l.cess', 't.supply_type as supply_kind', 'p.itc_blocked_reason', 'd.exchange_rate_micro', 'd.gst_treatment', 'd.supply_type', 'b.is_rcm', 'b.gst_treatment as bill_treatment', 'd.place_of_supply', 'br.state_code as branch_state'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'VENDOR').where('d.status', 'in', STANDING_NOTE_STATUSES)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to).execute(),
    db.selectFrom('credit_note_lines as l')
      .innerJoin('credit_notes as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.credit_note_id', '=', 'l.credit_note_id'))
      .leftJoin('bills as b', (j) => j.onRef('b.org_id', '=', 'd.org_id').onRef('b.bill_id', '=', 'd.bill_id'))
      .leftJoin('bill_lines as p', (j) => j.onRef('p.org_id', '=', 'l.org_id').onRef('p.line_item_id', '=', 'l.parent_line_item_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .innerJoin('branches as br', (j) => j.onRef('br.org_id', '=', 'd.org_id').onRef('br.branch_id', '=', 'd.branch_id'))
      .select(['l.item_total', 'l.igst', 'l.cgst', 'l.sgst', 'l.cess', 't.supply_type as supply_kind', 'p.itc_blocked_reason', 'd.exchange_rate_micro', 'd.gst_treatment', 'd.supply_type', 'b.is_rcm', 'b.gst_treatment as bill_treatment', 'd.place_of_supply', 'br.state_code as branch_state'])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'VENDOR').where('d.status', 'in', STANDING_NOTE_STATUSES)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to).execute(),
    db.selectFrom('bills_of_entry').select(['igst_taxable_value', 'igst'])
      .where('org_id', '=', s.orgId).where('branch_id', 'in', s.branches).where('boe_date', '>=', s.from).where('boe_date', '<=', s.to).execute(),
  ]);

  const outward = (rows: typeof invoices, sign: 1 | -1): OutwardLine[] => rows.map((r) => {
    // An export is a supply at place of supply 96, whoever the customer (an OVERSEAS one served in India is 3.1(a)); 3.2 then never sees 96.
    const zeroRated = isZeroRatedSupply(r.place_of_supply, r.gst_treatment);
    const table = zeroRated || r.supply_type !== 'INTER' ? null : interStateTable(r.recipient, r.gst_treatment);
    const pos = stateCodeOfIso(r.place_of_supply);
    return { ...valued(r, r.exchange_rate_micro, sign), zeroRated, interState: table && pos ? { table, pos } : null, reverseCharge: Number(r.is_reverse_charge) === 1 };
  });
  type InwardRow = Amounts & { supply_type: string; itc_blocked_reason: string | null; gst_treatment: string | null; place_of_supply: string; branch_state: string };
  const inward = (r: InwardRow, rateMicro: number, sign: 1 | -1, isRcm: number | null, treatment: string | null): InwardLine => ({
    ...valued(r, rateMicro, sign), reverseCharge: isRcm === 1, itcType: itcTypeOf(isRcm, treatment), blocked: r.itc_blocked_reason !== null,
    posRestricted: posRestricted(r.supply_type, r.place_of_supply, r.branch_state),
    inter: r.supply_type === 'INTER', composition: r.gst_treatment === 'REGISTERED_COMPOSITION',
  });
  // Tax on advances for services is 3.1(a) as GSTR-1 Table 11 fills it: received adds, adjusted subtracts (docs/rules/returns-gstr1-gstr3b.md, "From GSTR-1 to GSTR-3B").
  const advance = (e: AdvanceEntry, sign: 1 | -1): OutwardLine => ({
    sign, kind: 'TAXABLE', txval: e.taxable, igst: e.igst, cgst: e.cgst, sgst: e.sgst, zeroRated: false, interState: null,
  });
  return {
    // A customer debit note adds to the supply it raises (CGST s.34(3)), a credit note takes away.
    outward: [
      ...outward(invoices, 1), ...outward(creditNotes, -1), ...outward(customerDebitNotes, 1),
      ...advances.received.map((e) => advance(e, 1)), ...advances.adjusted.map((e) => advance(e, -1)),
    ],
    inward: [
      // A line of goods imported is never reverse charge, even on a bill whose services are: its IGST is on the Bill of Entry.
      ...bills.map((r) => inward(r, r.exchange_rate_micro, 1, importOfGoods(r.gst_treatment, r.hsn_or_sac) ? 0 : r.is_rcm, r.gst_treatment)),
      ...expenses.map((r) => {
        const treatment = readPartyCopy(r.party)?.gst_treatment ?? null;
        return inward({ ...r, gst_treatment: treatment }, 1_000_000, 1, r.is_rcm, treatment);
      }),
      ...[...debitNotes, ...vendorCredits].map((r) => inward(r, r.exchange_rate_micro, -1, r.is_rcm, r.bill_treatment)),
      ...billsOfEntry.map(importedGoods),
    ],
  };
}
