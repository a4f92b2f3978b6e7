/** What posted a journal, in words, and the PDF its document has. */

export const SOURCE_LABELS: Record<string, string> = {
  MANUAL: 'Manual journal', INVOICE: 'Invoice', BILL: 'Bill', PAYMENT: 'Payment', ALLOCATION: 'Allocation',
  CREDIT_NOTE: 'Credit note', DEBIT_NOTE: 'Debit note', EXPENSE: 'Expense', OPENING_BALANCE: 'Opening balance',
  BILL_OF_ENTRY: 'Bill of entry', ITC_REVERSAL: 'ITC reversal',
};

export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

/** The documents the API renders as PDF (GET /<collection>/{id}/pdf), and the scope each needs. */
const PDF_OF_SOURCE: Partial<Record<string, { collection: string; scope: string }>> = {
  INVOICE: { collection: 'invoices', scope: 'Svc.invoices.READ' },
  BILL: { collection: 'bills', scope: 'Svc.bills.READ' },
  PAYMENT: { collection: 'payments', scope: 'Svc.payments.READ' },
  CREDIT_NOTE: { collection: 'credit_notes', scope: 'Svc.creditnotes.READ' },
  DEBIT_NOTE: { collection: 'debit_notes', scope: 'Svc.debitnotes.READ' },
};

/** The API path of the PDF of the document that posted a journal, and its scope; null when it has none. */
export function pdfOfSource(source: string, sourceId: string): { path: string; scope: string } | null {
  const pdf = PDF_OF_SOURCE[source];
  return pdf ? { path: `/${pdf.collection}/${encodeURIComponent(sourceId)}/pdf`, scope: pdf.scope } : null;
}
