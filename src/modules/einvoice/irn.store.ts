import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { preparedQuery } from '../../db/prepared';
import type { EInvoiceIrnsTable } from '../../db/schema';
import { isoTimestamp } from '../../kernel/local-date';

/** The documents the IRP registers that Bahi issues: invoices and customer credit notes. */
export type IrnDocumentType = 'INVOICE' | 'CREDIT_NOTE';

type IrnKey = { orgId: string; documentId: string };
// Every answer of one invoice or credit note looks its IRN up: built and compiled once.
const irnOf = preparedQuery((db, a: IrnKey) =>
  db.selectFrom('einvoice_irns').selectAll().where('org_id', '=', a.orgId).where('document_id', '=', a.documentId));
const irnForUpdate = preparedQuery((db, a: IrnKey) => {
  const query = db.selectFrom('einvoice_irns').selectAll().where('org_id', '=', a.orgId).where('document_id', '=', a.documentId);
  return engineOf(db) === 'postgres' ? query.forUpdate() : query;
});

/** The IRN of an invoice or credit note, if recorded; locked for the caller's transaction on PostgreSQL when asked. */
export async function findIrn(executor: Db | Tx, orgId: string, documentId: string, forUpdate = false): Promise<EInvoiceIrnsTable | undefined> {
  const [row] = await (forUpdate ? irnForUpdate : irnOf)(executor, { orgId, documentId });
  return row;
}

/** The IRNs of several documents, by document id (a list page's). */
export async function findIrns(executor: Db | Tx, orgId: string, documentIds: readonly string[]) {
  if (documentIds.length === 0) return new Map<string, EInvoiceIrnsTable>();
  const rows = await executor.selectFrom('einvoice_irns').selectAll().where('org_id', '=', orgId).where('document_id', 'in', documentIds).execute();
  return new Map(rows.map((r) => [r.document_id, r]));
}

/** A document's IRN as the API shows it (EInvoiceIrn). */
export function presentIrn(r: EInvoiceIrnsTable) {
  return {
    irn: r.irn, ack_no: r.ack_no, ack_date: isoTimestamp(new Date(r.ack_date)), signed_qr_code: r.signed_qr_code, status: r.status as 'ACTIVE' | 'CANCELLED',
    cancel_reason: r.cancel_reason, cancel_remarks: r.cancel_remarks, cancelled_time: r.cancelled_time === null ? null : isoTimestamp(new Date(r.cancelled_time)),
  };
}
