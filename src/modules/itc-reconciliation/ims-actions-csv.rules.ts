import { formatRupees, type Paise } from '../../kernel/money';

/*
 * IMS actions as a person enters them on the portal, one row per document, in the portal's
 * words (docs/rules/itc-reconciliation.md, "IMS actions").
 */

export const IMS_ACTION_COLUMNS = [
  'supplier_gstin', 'document_type', 'document_number', 'document_date', 'action', 'reason',
  'credit_to_reduce', 'igst_to_reduce', 'cgst_to_reduce', 'sgst_to_reduce', 'cess_to_reduce', 'remark',
] as const;

const DOCUMENT_TYPES: Record<string, string> = { INV: 'Invoice', CN: 'Credit Note', DN: 'Debit Note' };
const ACTIONS: Record<string, string> = { ACCEPTED: 'Accept', REJECTED: 'Reject', PENDING: 'Pending' };
const REDUCTIONS: Record<string, string> = { FULL: 'Full', PARTIAL: 'Partial', NONE: 'None' };

interface ActionRow {
  supplier_gstin: string; document_type: string; document_number: string; document_date: string; action: string; reason: string | null;
  credit_reduction: string | null; reduced_igst: Paise | null; reduced_cgst: Paise | null; reduced_sgst: Paise | null; reduced_cess: Paise | null; remark: string | null;
}

const amount = (paise: Paise | null) => (paise === null ? '' : formatRupees(paise));

export function imsActionCsvRows(rows: readonly ActionRow[]): Record<string, string>[] {
  return rows.map((r) => ({
    supplier_gstin: r.supplier_gstin, document_type: DOCUMENT_TYPES[r.document_type] ?? r.document_type, document_number: r.document_number,
    document_date: r.document_date, action: ACTIONS[r.action] ?? r.action, reason: r.reason ?? '',
    credit_to_reduce: r.credit_reduction === null ? '' : REDUCTIONS[r.credit_reduction] ?? r.credit_reduction,
    igst_to_reduce: amount(r.reduced_igst), cgst_to_reduce: amount(r.reduced_cgst), sgst_to_reduce: amount(r.reduced_sgst), cess_to_reduce: amount(r.reduced_cess),
    remark: r.remark ?? '',
  }));
}
