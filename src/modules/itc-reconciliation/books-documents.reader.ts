import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { engineOf } from '../../db/engine';
import { jsonTextField } from '../../db/json';
import { financialYearLabel, type LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { POSTED_BILL_STATUSES, SUPPLIER_DEBIT_NOTE } from '../bills/bills.rules';
import { partyRecipientSql } from '../documents';
import { toBase } from '../documents/currency.rules';
import { documentNumberKey } from './document-number.rules';
import type { BooksDocument, BooksDocumentType, SupplierDocumentType } from './itc-documents';
import { notOpeningItem } from '../opening-balances';

/** The branches of one GSTIN and the dates (inclusive) whose inward documents are read. */
export interface BooksScope { orgId: string; branches: readonly string[]; from: LocalDate; to: LocalDate }

/** The exchange rate (× 1e6) of a document in rupees: an expense's, a Bill of Entry's. */
const IN_RUPEES = 1_000_000;
/** Vendor credits that stand: a cancelled one is reversed. */
const STANDING_NOTE_STATUSES = ['ISSUED', 'APPLIED'];

/**
 * A document's taxable value as its supplier reports it in GSTR-1 (docs/rules/itc-reconciliation.md,
 * "Matching"): its taxable lines, a line without a tax counting as taxable at 0% as in GSTR-3B;
 * nil-rated, exempt and non-GST lines are reported apart (GSTR-1 Table 8) and never reach 2B.
 */
const TAXABLE_VALUE = sql<number>`sum(CASE WHEN t.supply_type IS NULL OR t.supply_type = 'TAXABLE' THEN l.item_total ELSE 0 END)`.as('taxable');
const TAX_SUMS = [sql<number>`sum(l.igst)`.as('igst'), sql<number>`sum(l.cgst)`.as('cgst'), sql<number>`sum(l.sgst)`.as('sgst')] as const;
const CESS_SUM = sql<number>`sum(l.cess)`.as('cess');
/** The tax of lines whose credit CGST s.17(5) blocks: a bill says so per line, an expense for the whole of it. */
const blockedSums = (reason: 'l.itc_blocked_reason' | 'd.itc_blocked_reason', heads: readonly ('igst' | 'cgst' | 'sgst' | 'cess')[]) =>
  heads.map((h) => sql<number>`sum(CASE WHEN ${sql.ref(reason)} IS NULL THEN 0 ELSE ${sql.ref(`l.${h}`)} END)`.as(`blocked_${h}`));

interface SummedRow {
  id: string;
  number: string;
  date: string;
  party_gstin: string | null;
  supplier_name: string | null;
  exchange_rate_micro: number;
  taxable: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  blocked_igst?: number;
  blocked_cgst?: number;
  blocked_sgst?: number;
  blocked_cess?: number;
}

/** A summed document in INR paise (toBase at its own rate, once per figure), keyed as its supplier's document. */
function booksDocument(type: BooksDocumentType, documentType: SupplierDocumentType, r: SummedRow): BooksDocument {
  const inr = (paise: number): Paise => toBase(Number(paise), r.exchange_rate_micro);
  const financialYear = financialYearLabel(r.date);
  return {
    type, id: r.id, supplierGstin: r.party_gstin, documentType, financialYear, numberKey: documentNumberKey(r.number, financialYear),
    documentNumber: r.number, documentDate: r.date, supplierName: r.supplier_name,
    taxableValue: inr(r.taxable), igst: inr(r.igst), cgst: inr(r.cgst), sgst: inr(r.sgst), cess: inr(r.cess),
    ...(Number(r.blocked_igst ?? 0) + Number(r.blocked_cgst ?? 0) + Number(r.blocked_sgst ?? 0) + Number(r.blocked_cess ?? 0) !== 0 && {
      blocked: { igst: inr(r.blocked_igst ?? 0), cgst: inr(r.blocked_cgst ?? 0), sgst: inr(r.blocked_sgst ?? 0), cess: inr(r.blocked_cess ?? 0) },
    }),
  };
}

/**
 * The inward documents of the branches of one GSTIN dated within the scope, as GSTR-2B is
 * matched against them (docs/rules/itc-reconciliation.md, "Matching"): bills and supplier debit
 * notes, expenses and vendor credits of a registered supplier carrying the supplier's number, and
 * Bills of Entry. One query per kind, the lines summed in the database.
 */
export async function booksDocuments(db: Db, s: BooksScope): Promise<BooksDocument[]> {
  // The GSTIN the document keeps (documents/party-copy.ts), not its contact's current one; a registered supplier's only.
  const registered = partyRecipientSql(db, 'd.party');
  const gstin = jsonTextField(engineOf(db), 'd.party', 'gstin');
  const withReference = sql<boolean>`trim(d.reference_number) <> ''`;
  const [bills, expenses, vendorCredits, billsOfEntry] = await Promise.all([
    db.selectFrom('bill_lines as l')
      .innerJoin('bills as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.bill_id', '=', 'l.bill_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .select(['d.bill_id as id', 'd.bill_number as number', 'd.bill_date as date', 'd.vendor_name as supplier_name', 'd.exchange_rate_micro', 'd.document_type',
        gstin.as('party_gstin'), TAXABLE_VALUE, ...TAX_SUMS, CESS_SUM, ...blockedSums('l.itc_blocked_reason', ['igst', 'cgst', 'sgst', 'cess'])])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', 'in', POSTED_BILL_STATUSES).where(notOpeningItem('d.org_id', 'd.bill_id'))
      .where('d.bill_date', '>=', s.from).where('d.bill_date', '<=', s.to).where(registered, '=', 'B2B')
      .groupBy(['d.bill_id', 'd.bill_number', 'd.bill_date', 'd.vendor_name', 'd.exchange_rate_micro', 'd.document_type', 'd.party']).execute(),
    // An expense is a supplier's invoice only by the number it keeps; it is always in rupees and bears no cess.
    db.selectFrom('expense_lines as l')
      .innerJoin('expenses as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.expense_id', '=', 'l.expense_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .select(['d.expense_id as id', 'd.reference_number as number', 'd.expense_date as date', 'd.vendor_name as supplier_name',
        gstin.as('party_gstin'), TAXABLE_VALUE, ...TAX_SUMS, ...blockedSums('d.itc_blocked_reason', ['igst', 'cgst', 'sgst'])])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.status', '=', 'RECORDED')
      .where('d.expense_date', '>=', s.from).where('d.expense_date', '<=', s.to).where(registered, '=', 'B2B').where(withReference)
      .groupBy(['d.expense_id', 'd.reference_number', 'd.expense_date', 'd.vendor_name', 'd.party', 'd.itc_blocked_reason']).execute(),
    db.selectFrom('credit_note_lines as l')
      .innerJoin('credit_notes as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.credit_note_id', '=', 'l.credit_note_id'))
      .leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'l.org_id').onRef('t.tax_id', '=', 'l.tax_id'))
      .select(['d.credit_note_id as id', 'd.reference_number as number', 'd.note_date as date', 'd.contact_name as supplier_name', 'd.exchange_rate_micro',
        gstin.as('party_gstin'), TAXABLE_VALUE, ...TAX_SUMS, CESS_SUM])
      .where('l.org_id', '=', s.orgId).where('d.branch_id', 'in', s.branches).where('d.note_type', '=', 'VENDOR').where('d.status', 'in', STANDING_NOTE_STATUSES)
      .where('d.note_date', '>=', s.from).where('d.note_date', '<=', s.to).where(registered, '=', 'B2B').where(withReference)
      .groupBy(['d.credit_note_id', 'd.reference_number', 'd.note_date', 'd.contact_name', 'd.exchange_rate_micro', 'd.party']).execute(),
    db.selectFrom('bills_of_entry').select(['bill_of_entry_id', 'boe_number', 'boe_date', 'sez_supplier_gstin', 'igst_taxable_value', 'igst'])
      .where('org_id', '=', s.orgId).where('branch_id', 'in', s.branches).where('boe_date', '>=', s.from).where('boe_date', '<=', s.to).execute(),
  ]);
  return [
    ...bills.map((r) => booksDocument('bill', r.document_type === SUPPLIER_DEBIT_NOTE ? 'DN' : 'INV', r)),
    ...expenses.map((r) => booksDocument('expense', 'INV', { ...r, number: r.number!, exchange_rate_micro: IN_RUPEES, cess: 0 })),
    ...vendorCredits.map((r) => booksDocument('vendor_credit', 'CN', { ...r, number: r.number! })),
    // A Bill of Entry's IGST is levied on the assessable value with the customs duties (IGST Act s.5(1) proviso); 2B's impgsez names the SEZ supplier.
    ...billsOfEntry.map((b) => booksDocument('bill_of_entry', 'BOE', {
      id: b.bill_of_entry_id, number: b.boe_number, date: b.boe_date, party_gstin: b.sez_supplier_gstin, supplier_name: null, exchange_rate_micro: IN_RUPEES,
      taxable: b.igst_taxable_value, igst: b.igst, cgst: 0, sgst: 0, cess: 0,
    })),
  ];
}
