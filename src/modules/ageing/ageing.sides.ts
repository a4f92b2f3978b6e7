import { sql, type RawBuilder } from 'kysely';

/**
 * Where each side's open items live. A document (invoice, bill) is settled by applications of
 * credits (payments' allocations, notes' applications); an application is dated on the later
 * of its two documents' dates (docs/rules/ledger-and-periods.md, "Dates of reversals and applications"), so on a date it counts once both exist.
 * A debit note to a customer raises a receivable of its own that no credit is applied to, so it
 * is open for what it raised.
 */
export interface DocumentSource {
  type: 'INVOICE' | 'BILL' | 'DEBIT_NOTE';
  table: string;
  id: string;
  number: string;
  contactId: string;
  date: string;
  /** The day it falls due, from which it ages. */
  dueDate: string;
  /** What is still due on it now (partially indexed where above 0: 032-open-items). */
  balance: string;
  /** The column of an application naming this document; null when nothing is applied to it. */
  target: string | null;
  /** Which rows of the table are live documents of this side. */
  live: RawBuilder<boolean>;
}

export interface CreditSource {
  type: 'CREDIT_NOTE' | 'ADVANCE' | 'VENDOR_CREDIT' | 'DEBIT_NOTE';
  table: string;
  id: string;
  number: string;
  contactId: string;
  date: string;
  total: string;
  /** What is still unapplied of it now (partially indexed where above 0: 032-open-items). */
  open: string;
  /** Which rows of the table are live credits of this side (issued notes of its type, payments not deleted in its flow). */
  live: RawBuilder<boolean>;
  applications: { table: string; creditKey: string; documentAmount: string; creditAmount: string };
}

export interface AgeingSide { documents: readonly DocumentSource[]; credits: readonly CreditSource[] }

const noteApplications = (table: string, creditKey: string) => ({ table, creditKey, documentAmount: 'amount', creditAmount: 'amount' });
const paymentAllocations = { table: 'payment_allocations', creditKey: 'payment_id', documentAmount: 'document_amount', creditAmount: 'amount' };
const note = (type: CreditSource['type'], table: string, key: string, noteType: string): CreditSource => ({
  type, table, id: `${key}_id`, number: `${key}_number`, contactId: 'contact_id', date: 'note_date', total: 'total', open: 'balance_amount',
  live: sql<boolean>`cr.status <> 'CANCELLED' and cr.note_type = ${noteType}`,
  applications: noteApplications(`${key}_applications`, `${key}_id`),
});
const advances = (flow: string): CreditSource => ({
  type: 'ADVANCE', table: 'payments', id: 'payment_id', number: 'reference_number', contactId: 'contact_id', date: 'payment_date', total: 'amount', open: 'unapplied_amount',
  live: sql<boolean>`cr.deleted = 0 and cr.flow = ${flow}`, applications: paymentAllocations,
});

const issued = sql<boolean>`d.status not in ('DRAFT', 'CANCELLED')`;
const invoices: DocumentSource = {
  type: 'INVOICE', table: 'invoices', id: 'invoice_id', number: 'invoice_number', contactId: 'customer_id', date: 'invoice_date', dueDate: 'due_date', balance: 'balance', target: 'invoice_id', live: issued,
};
/** A debit note to a customer (CGST s.34(3)) is due when raised. */
const customerDebitNotes: DocumentSource = {
  type: 'DEBIT_NOTE', table: 'debit_notes', id: 'debit_note_id', number: 'debit_note_number', contactId: 'contact_id', date: 'note_date', dueDate: 'note_date',
  balance: 'balance_amount', target: null, live: sql<boolean>`d.status <> 'CANCELLED' and d.note_type = 'CUSTOMER'`,
};
const bills: DocumentSource = {
  type: 'BILL', table: 'bills', id: 'bill_id', number: 'bill_number', contactId: 'vendor_id', date: 'bill_date', dueDate: 'due_date', balance: 'balance', target: 'bill_id', live: issued,
};

export const AGEING_SIDES = {
  receivables: {
    documents: [invoices, customerDebitNotes],
    credits: [note('CREDIT_NOTE', 'credit_notes', 'credit_note', 'CUSTOMER'), advances('INCOMING')],
  },
  payables: {
    documents: [bills],
    credits: [note('VENDOR_CREDIT', 'credit_notes', 'credit_note', 'VENDOR'), note('DEBIT_NOTE', 'debit_notes', 'debit_note', 'VENDOR'), advances('OUTGOING')],
  },
} as const satisfies Record<string, AgeingSide>;

export type AgeingSideName = keyof typeof AGEING_SIDES;
