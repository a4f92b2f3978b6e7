import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { BranchesTable, ContactsTable, DocumentLineColumns, OrgsTable } from '../../db/schema';
import { readPartyCopy, type PartyCopy, type PartySource } from '../documents';
import type { PdfDocumentKind } from './pdfs.types';

/**
 * A read model of what a PDF draws, one shape for every document kind. The pdfs module only
 * reads; the owning modules stay the only writers of their tables (docs/decisions.md "PDFs").
 */
export interface DocumentSource {
  kind: Exclude<PdfDocumentKind, 'payment'>;
  id: string;
  number: string;
  date: string;
  /** Due, expiry or expected date, with its label. */
  secondDate: { label: string; value: string } | null;
  status: string;
  version: number;
  branchId: string;
  contactId: string;
  contactName: string;
  /** Who issued the document: we did (sales, debit notes, purchase orders) or the vendor did (bills, vendor credits). */
  issuedBy: 'us' | 'contact';
  reference: string | null;
  placeOfSupply: string;
  currency: string;
  subTotal: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Compensation cess, part of taxTotal (Rule 46 names each tax charged, cess included). */
  cess: number;
  taxTotal: number;
  roundOff: number | null;
  total: number;
  /** Paid, credited and the balance, on documents that carry them. */
  settled: { paid: number; credited: number; balance: number } | null;
  /** The document a note corrects, e.g. { label: 'Against invoice', number: 'INV-…' }. */
  against: { label: string; number: string } | null;
  notes: string | null;
  /** An invoice's export_type (WPAY, WOPAY): the zero-rating its PDF must state. */
  exportType?: string | null;
  /** Under reverse charge (a bill, an invoice, a credit note against one): its tax is the recipient's to pay, not part of its total (CGST Rule 46(p)). */
  reverseCharge?: boolean;
  /** An invoice's or credit note's IRN as the IRP acknowledged it, if recorded (CGST Rule 48(4)): printed with its QR code. */
  einvoice?: { irn: string; ackNo: string; ackDate: string; signedQrCode: string; status: string } | null;
  /** The party as the document keeps it (documents/party-copy.ts); estimates and purchase orders keep none and show the contact. */
  party?: PartyCopy | null;
  lines: DocumentLineColumns[];
}

export interface PaymentSource {
  kind: 'payment';
  id: string;
  flow: string;
  date: string;
  version: number;
  contactId: string;
  contactName: string;
  amount: number;
  mode: string;
  reference: string | null;
  description: string | null;
  currency: string;
  bankCharges: number;
  tdsAmount: number;
  allocations: { number: string; date: string; total: number; applied: number }[];
}

export type Source = DocumentSource | PaymentSource;

export interface Letterhead {
  org: Pick<OrgsTable, 'name' | 'gstin' | 'state_code'>;
  branch: Pick<BranchesTable, 'name' | 'state_code' | 'gstin' | 'address'> | undefined;
  contact: (PartySource & Pick<ContactsTable, 'email' | 'phone'>) | undefined;
}

const settledOf = (paid: number, credited: number, balance: number) => ({ paid, credited, balance });

/** The IRN of an invoice, credit note or customer debit note, as its PDF prints it. */
async function einvoiceOf(db: Db, orgId: string, id: string): Promise<DocumentSource['einvoice']> {
  const irn = await db.selectFrom('einvoice_irns').selectAll().where('org_id', '=', orgId).where('document_id', '=', id).executeTakeFirst();
  return irn ? { irn: irn.irn, ackNo: irn.ack_no, ackDate: irn.ack_date, signedQrCode: irn.signed_qr_code, status: irn.status } : null;
}

async function invoice(db: Db, orgId: string, id: string): Promise<DocumentSource | undefined> {
  const r = await db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db.selectFrom('invoice_lines').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', id).orderBy('position').execute();
  return {
    einvoice: await einvoiceOf(db, orgId, id),
    kind: 'invoice', id, number: r.invoice_number, date: r.invoice_date, secondDate: { label: 'Due date', value: r.due_date },
    status: r.status, version: r.version, branchId: r.branch_id, contactId: r.customer_id, contactName: r.customer_name, issuedBy: 'us',
    reference: r.reference_number, placeOfSupply: r.place_of_supply, currency: r.currency_code,
    subTotal: r.sub_total, cgst: r.cgst_total, sgst: r.sgst_total, igst: r.igst_total, cess: r.cess_total, taxTotal: r.tax_total, roundOff: r.round_off, total: r.total,
    settled: settledOf(r.payment_made, r.credits_applied, r.balance), against: null, notes: r.notes, exportType: r.export_type,
    reverseCharge: r.is_reverse_charge === 1, party: readPartyCopy(r.party), lines,
  };
}

async function bill(db: Db, orgId: string, id: string): Promise<DocumentSource | undefined> {
  const r = await db.selectFrom('bills').selectAll().where('org_id', '=', orgId).where('bill_id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db.selectFrom('bill_lines').selectAll().where('org_id', '=', orgId).where('bill_id', '=', id).orderBy('position').execute();
  return {
    kind: 'bill', id, number: r.bill_number, date: r.bill_date, secondDate: { label: 'Due date', value: r.due_date },
    status: r.status, version: r.version, branchId: r.branch_id, contactId: r.vendor_id, contactName: r.vendor_name, issuedBy: 'contact',
    reference: r.reference_number, placeOfSupply: r.place_of_supply, currency: r.currency_code,
    subTotal: r.sub_total, cgst: r.cgst_total, sgst: r.sgst_total, igst: r.igst_total, cess: r.cess_total, taxTotal: r.tax_total, roundOff: r.round_off, total: r.total,
    settled: settledOf(r.payment_made, r.vendor_credits_applied, r.balance), against: null, notes: r.notes, reverseCharge: r.is_rcm === 1, party: readPartyCopy(r.party), lines,
  };
}

async function estimate(db: Db, orgId: string, id: string): Promise<DocumentSource | undefined> {
  const r = await db.selectFrom('estimates').selectAll().where('org_id', '=', orgId).where('estimate_id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db.selectFrom('estimate_lines').selectAll().where('org_id', '=', orgId).where('estimate_id', '=', id).orderBy('position').execute();
  return {
    kind: 'estimate', id, number: r.estimate_number, date: r.estimate_date, secondDate: r.expiry_date ? { label: 'Valid until', value: r.expiry_date } : null,
    status: r.status, version: r.version, branchId: r.branch_id, contactId: r.customer_id, contactName: r.customer_name, issuedBy: 'us',
    reference: r.reference_number, placeOfSupply: r.place_of_supply, currency: 'INR',
    subTotal: r.sub_total, cgst: r.cgst_total, sgst: r.sgst_total, igst: r.igst_total, cess: r.cess_total, taxTotal: r.tax_total, roundOff: null, total: r.total,
    settled: null, against: null, notes: r.notes, lines,
  };
}

async function purchaseOrder(db: Db, orgId: string, id: string): Promise<DocumentSource | undefined> {
  const r = await db.selectFrom('purchase_orders').selectAll().where('org_id', '=', orgId).where('purchase_order_id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db.selectFrom('purchase_order_lines').selectAll().where('org_id', '=', orgId).where('purchase_order_id', '=', id).orderBy('position').execute();
  return {
    kind: 'purchase_order', id, number: r.purchase_order_number, date: r.order_date, secondDate: r.expected_date ? { label: 'Expected by', value: r.expected_date } : null,
    status: r.status, version: r.version, branchId: r.branch_id, contactId: r.vendor_id, contactName: r.vendor_name, issuedBy: 'us',
    reference: r.reference_number, placeOfSupply: r.place_of_supply, currency: 'INR',
    subTotal: r.sub_total, cgst: r.cgst_total, sgst: r.sgst_total, igst: r.igst_total, cess: r.cess_total, taxTotal: r.tax_total, roundOff: null, total: r.total,
    settled: null, against: null, notes: r.notes, lines,
  };
}

/** The number of the invoice or bill a note was raised against, if any. */
async function againstOf(db: Db, orgId: string, invoiceId: string | null, billId: string | null) {
  if (invoiceId) {
    const r = await db.selectFrom('invoices').select('invoice_number').where('org_id', '=', orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
    return r ? { label: 'Against invoice', number: r.invoice_number } : null;
  }
  if (billId) {
    const r = await db.selectFrom('bills').select('bill_number').where('org_id', '=', orgId).where('bill_id', '=', billId).executeTakeFirst();
    return r ? { label: 'Against bill', number: r.bill_number } : null;
  }
  return null;
}

async function creditNote(db: Db, orgId: string, id: string): Promise<DocumentSource | undefined> {
  const r = await db.selectFrom('credit_notes').selectAll().where('org_id', '=', orgId).where('credit_note_id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db.selectFrom('credit_note_lines').selectAll().where('org_id', '=', orgId).where('credit_note_id', '=', id).orderBy('position').execute();
  return {
    einvoice: r.note_type === 'CUSTOMER' ? await einvoiceOf(db, orgId, id) : null,
    kind: 'credit_note', id, number: r.credit_note_number, date: r.note_date, secondDate: null,
    status: r.status, version: r.version, branchId: r.branch_id, contactId: r.contact_id, contactName: r.contact_name,
    // A vendor credit is the vendor's document to us; a customer credit note is ours.
    issuedBy: r.note_type === 'VENDOR' ? 'contact' : 'us',
    reference: r.reference_number, placeOfSupply: r.place_of_supply, currency: r.currency_code,
    subTotal: r.sub_total, cgst: r.cgst_total, sgst: r.sgst_total, igst: r.igst_total, cess: r.cess_total, taxTotal: r.tax_total, roundOff: null, total: r.total,
    settled: { paid: 0, credited: r.applied_amount, balance: r.balance_amount }, against: await againstOf(db, orgId, r.invoice_id, r.bill_id),
    notes: r.notes, reverseCharge: await invoiceUnderReverseCharge(db, orgId, r.invoice_id), party: readPartyCopy(r.party), lines,
  };
}

/** A credit note follows the invoice it corrects: under reverse charge when that is. */
async function invoiceUnderReverseCharge(db: Db, orgId: string, invoiceId: string | null): Promise<boolean> {
  if (!invoiceId) return false;
  const r = await db.selectFrom('invoices').select('is_reverse_charge').where('org_id', '=', orgId).where('invoice_id', '=', invoiceId).executeTakeFirst();
  return r?.is_reverse_charge === 1;
}

async function debitNote(db: Db, orgId: string, id: string): Promise<DocumentSource | undefined> {
  const r = await db.selectFrom('debit_notes').selectAll().where('org_id', '=', orgId).where('debit_note_id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const lines = await db.selectFrom('debit_note_lines').selectAll().where('org_id', '=', orgId).where('debit_note_id', '=', id).orderBy('position').execute();
  return {
    einvoice: r.note_type === 'CUSTOMER' ? await einvoiceOf(db, orgId, id) : null,
    kind: 'debit_note', id, number: r.debit_note_number, date: r.note_date, secondDate: null,
    status: r.status, version: r.version, branchId: r.branch_id, contactId: r.contact_id, contactName: r.contact_name, issuedBy: 'us',
    reference: r.reference_number, placeOfSupply: r.place_of_supply, currency: r.currency_code,
    subTotal: r.sub_total, cgst: r.cgst_total, sgst: r.sgst_total, igst: r.igst_total, cess: r.cess_total, taxTotal: r.tax_total, roundOff: null, total: r.total,
    settled: { paid: 0, credited: r.applied_amount, balance: r.balance_amount }, against: await againstOf(db, orgId, r.invoice_id, r.bill_id),
    notes: r.notes, party: readPartyCopy(r.party), lines,
  };
}

/** A live (not deleted) payment and the documents it is applied to. */
async function payment(db: Db, orgId: string, id: string): Promise<PaymentSource | undefined> {
  const r = await db.selectFrom('payments').selectAll().where('org_id', '=', orgId).where('payment_id', '=', id).where('deleted', '=', 0).executeTakeFirst();
  if (!r) return undefined;
  const rows = await db.selectFrom('payment_allocations as a')
    .leftJoin('invoices as i', (j) => j.onRef('i.org_id', '=', 'a.org_id').onRef('i.invoice_id', '=', 'a.invoice_id'))
    .leftJoin('bills as b', (j) => j.onRef('b.org_id', '=', 'a.org_id').onRef('b.bill_id', '=', 'a.bill_id'))
    .select(['a.allocation_id', 'a.amount', 'i.invoice_number', 'i.invoice_date', 'i.total as invoice_total', 'b.bill_number', 'b.bill_date', 'b.total as bill_total'])
    .where('a.org_id', '=', orgId).where('a.payment_id', '=', id).where('a.released', '=', 0)
    .orderBy('a.allocation_id').execute();
  return {
    kind: 'payment', id, flow: r.flow, date: r.payment_date, version: r.version, contactId: r.contact_id, contactName: r.contact_name,
    amount: r.amount, mode: r.mode, reference: r.reference_number, description: r.description, currency: r.currency_code,
    bankCharges: r.bank_charges, tdsAmount: r.tds_amount,
    allocations: rows.map((a) => ({
      number: a.invoice_number ?? a.bill_number ?? '',
      date: a.invoice_date ?? a.bill_date ?? '',
      total: Number(a.invoice_total ?? a.bill_total ?? 0),
      applied: Number(a.amount),
    })),
  };
}

const LOADERS: Record<PdfDocumentKind, (db: Db, orgId: string, id: string) => Promise<Source | undefined>> = {
  invoice, bill, estimate, purchase_order: purchaseOrder, credit_note: creditNote, debit_note: debitNote, payment,
};

/** Each kind's header table, its id column and the column of the number its PDF is named after. */
const HEADERS: Record<PdfDocumentKind, { table: string; id: string; number: string }> = {
  invoice: { table: 'invoices', id: 'invoice_id', number: 'invoice_number' },
  bill: { table: 'bills', id: 'bill_id', number: 'bill_number' },
  estimate: { table: 'estimates', id: 'estimate_id', number: 'estimate_number' },
  purchase_order: { table: 'purchase_orders', id: 'purchase_order_id', number: 'purchase_order_number' },
  credit_note: { table: 'credit_notes', id: 'credit_note_id', number: 'credit_note_number' },
  debit_note: { table: 'debit_notes', id: 'debit_note_id', number: 'debit_note_number' },
  // A payment has no number of its own: its voucher is named after its id.
  payment: { table: 'payments', id: 'payment_id', number: 'payment_id' },
};

export const pdfsRepository = {
  /** Everything a PDF of the document draws, or undefined when the organisation has no such document. */
  source: (db: Db, orgId: string, kind: PdfDocumentKind, id: string) => LOADERS[kind](db, orgId, id),

  /** The version and number alone: one indexed row, enough to answer from the cache. */
  async stamp(db: Db, orgId: string, kind: PdfDocumentKind, id: string): Promise<{ version: number; number: string } | undefined> {
    const h = HEADERS[kind];
    const live = kind === 'payment' ? sql` and deleted = 0` : sql``;
    const { rows } = await sql<{ version: number; number: string }>`select version, ${sql.ref(h.number)} as number from ${sql.table(h.table)}
      where org_id = ${orgId} and ${sql.ref(h.id)} = ${id}${live}`.execute(db);
    const row = rows[0];
    return row ? { version: Number(row.version), number: row.number } : undefined;
  },

  async letterhead(db: Db, orgId: string, branchId: string | null, contactId: string): Promise<Letterhead> {
    const [org, branch, contact] = await Promise.all([
      db.selectFrom('orgs').select(['name', 'gstin', 'state_code']).where('org_id', '=', orgId).executeTakeFirstOrThrow(),
      branchId
        ? db.selectFrom('branches').select(['name', 'state_code', 'gstin', 'address']).where('org_id', '=', orgId).where('branch_id', '=', branchId).executeTakeFirst()
        : db.selectFrom('branches').select(['name', 'state_code', 'gstin', 'address']).where('org_id', '=', orgId).where('is_default', '=', 1).executeTakeFirst(),
      db.selectFrom('contacts')
        .select(['contact_name', 'legal_name', 'company_name', 'gst_no', 'billing_address', 'shipping_address', 'place_of_contact', 'gst_treatment', 'email', 'phone'])
        .where('org_id', '=', orgId).where('contact_id', '=', contactId).executeTakeFirst(),
    ]);
    return { org, branch, contact };
  },
};
