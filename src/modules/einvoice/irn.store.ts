import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import { preparedQuery } from '../../db/prepared';
import type { EInvoiceIrnsTable } from '../../db/schema';
import { isoTimestamp } from '../../kernel/local-date';

/** The documents the IRP registers that Bahi issues: invoices, customer credit notes and customer debit notes. */
export type IrnDocumentType = 'INVOICE' | 'CREDIT_NOTE' | 'DEBIT_NOTE';

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

/** What the API shows of an IRN (EInvoiceIrn). */
const SHOWN = ['irn', 'ack_no', 'ack_date', 'signed_qr_code', 'status', 'cancel_reason', 'cancel_remarks', 'cancelled_time'] as const;
type ShownIrn = Pick<EInvoiceIrnsTable, (typeof SHOWN)[number]>;

/** The shown IRN columns as a document's own read carries them (a LEFT JOIN of `einvoice_irns as e`), prefixed apart from the document's. */
export type JoinedIrn = { [K in (typeof SHOWN)[number] as `irn_${K}`]: EInvoiceIrnsTable[K] | null };

/**
 * The select list for JoinedIrn: a get reads its document and IRN in one statement, where
 * looking the IRN up after was a second (a round trip on PostgreSQL) on every get.
 */
export const joinedIrnColumns = SHOWN.map((column) => `e.${column} as irn_${column}` as const);

/** The IRN a joined read found, if any. */
export function irnOfJoined(row: JoinedIrn): ShownIrn | undefined {
  if (row.irn_irn === null) return undefined;
  return {
    irn: row.irn_irn, ack_no: row.irn_ack_no!, ack_date: row.irn_ack_date!, signed_qr_code: row.irn_signed_qr_code!, status: row.irn_status!,
    cancel_reason: row.irn_cancel_reason, cancel_remarks: row.irn_cancel_remarks, cancelled_time: row.irn_cancelled_time,
  };
}

/** A document's IRN as the API shows it (EInvoiceIrn). */
export function presentIrn(r: ShownIrn) {
  return {
    irn: r.irn, ack_no: r.ack_no, ack_date: isoTimestamp(new Date(r.ack_date)), signed_qr_code: r.signed_qr_code, status: r.status as 'ACTIVE' | 'CANCELLED',
    cancel_reason: r.cancel_reason, cancel_remarks: r.cancel_remarks, cancelled_time: r.cancelled_time === null ? null : isoTimestamp(new Date(r.cancelled_time)),
  };
}
