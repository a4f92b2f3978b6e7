import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { EInvoiceIrnsTable } from '../../db/schema';
import { isoTimestamp } from '../../kernel/local-date';

/** The IRN of an invoice, if recorded; locked for the caller's transaction on PostgreSQL when asked. */
export async function findIrn(executor: Db | Tx, orgId: string, invoiceId: string, forUpdate = false) {
  const query = executor.selectFrom('einvoice_irns').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', invoiceId);
  return (forUpdate && engineOf(executor) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** The IRNs of several invoices, by invoice id (a list page's). */
export async function findIrns(executor: Db | Tx, orgId: string, invoiceIds: readonly string[]) {
  if (invoiceIds.length === 0) return new Map<string, EInvoiceIrnsTable>();
  const rows = await executor.selectFrom('einvoice_irns').selectAll().where('org_id', '=', orgId).where('invoice_id', 'in', invoiceIds).execute();
  return new Map(rows.map((r) => [r.invoice_id, r]));
}

/** An invoice's IRN as the API shows it (EInvoiceIrn). */
export function presentIrn(r: EInvoiceIrnsTable) {
  return {
    irn: r.irn, ack_no: r.ack_no, ack_date: isoTimestamp(new Date(r.ack_date)), status: r.status as 'ACTIVE' | 'CANCELLED',
    cancel_reason: r.cancel_reason, cancel_remarks: r.cancel_remarks, cancelled_time: r.cancelled_time === null ? null : isoTimestamp(new Date(r.cancelled_time)),
  };
}
