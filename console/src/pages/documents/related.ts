import type { DocumentKind } from '../links';
import type { Row } from './kind';
import { numberField, rowsField, textField } from './row-fields';

export interface Related {
  kind: DocumentKind;
  id: string;
  /** How it relates ("Invoice", "Converted to sales order", "Applied to invoice"). */
  label: string;
  amount?: number;
}

/** Fields that name one other document, and what they mean. */
const LINKS: [key: string, kind: DocumentKind, label: string][] = [
  ['invoice_id', 'invoices', 'Invoice'], ['bill_id', 'bills', 'Bill'], ['estimate_id', 'estimates', 'Estimate'],
  ['sales_order_id', 'sales_orders', 'Sales order'], ['purchase_order_id', 'purchase_orders', 'Purchase order'],
  ['converted_to_sales_order_id', 'sales_orders', 'Converted to sales order'], ['original_bill_id', 'bills', 'Original bill'],
];

/**
 * The documents a document names: the invoice a note or order refers to, the bills a bill of
 * entry covers, the invoices and bills a payment was applied to (with the amount applied).
 * The document itself is skipped (a bill's `bill_id` is its own id).
 */
export function relatedOf(doc: Row, ownId: string): Related[] {
  const named = LINKS.flatMap(([key, kind, label]) => {
    const id = textField(doc, key);
    return id && id !== ownId ? [{ kind, id, label }] : [];
  });
  const bills = (Array.isArray(doc.bill_ids) ? (doc.bill_ids as unknown[]) : [])
    .filter((id): id is string => typeof id === 'string')
    .map((id) => ({ kind: 'bills' as const, id, label: 'Bill' }));
  const applied = rowsField(doc, 'allocations').flatMap((a): Related[] => {
    const amount = numberField(a, 'amount');
    const invoice = textField(a, 'invoice_id');
    const bill = textField(a, 'bill_id');
    if (invoice) return [{ kind: 'invoices', id: invoice, label: 'Applied to invoice', ...(amount !== undefined && { amount }) }];
    if (bill) return [{ kind: 'bills', id: bill, label: 'Applied to bill', ...(amount !== undefined && { amount }) }];
    return [];
  });
  return [...named, ...bills, ...applied];
}
