/**
 * Addresses of the console's pages that other pages link to, in one place: a figure links to its
 * ledger, a ledger line to its journal, a journal to the document that posted it.
 */
import type { Period } from '../ui/period';
import { withPeriod } from '../ui/period';

/** The document lists and pages, by the API's own resource names. */
export const DOCUMENT_KINDS = [
  'invoices', 'estimates', 'sales_orders', 'delivery_challans', 'credit_notes', 'debit_notes',
  'bills', 'purchase_orders', 'expenses', 'payments', 'bills_of_entry', 'journals',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A journal's `source` (what posted it) → the kind of document it is, where the console shows one. */
const KIND_OF_SOURCE: Partial<Record<string, DocumentKind>> = {
  INVOICE: 'invoices', BILL: 'bills', PAYMENT: 'payments', CREDIT_NOTE: 'credit_notes', DEBIT_NOTE: 'debit_notes',
  EXPENSE: 'expenses', BILL_OF_ENTRY: 'bills_of_entry',
};

export const documentListHref = (kind: DocumentKind) => `/app/documents/${kind}`;
export const documentHref = (kind: DocumentKind, id: string) => `/app/documents/${kind}/${encodeURIComponent(id)}`;

/** The page of the document that posted a journal; null for a manual journal or a source with no page. */
export function sourceDocumentHref(source: string, sourceId: string): string | null {
  const kind = KIND_OF_SOURCE[source];
  return kind ? documentHref(kind, sourceId) : null;
}

export const journalHref = (journalId: string) => `/app/journals/${encodeURIComponent(journalId)}`;
export const generalLedgerHref = (accountId: string, period: Period) => withPeriod('/app/reports/general-ledger', period, { account_id: accountId });
