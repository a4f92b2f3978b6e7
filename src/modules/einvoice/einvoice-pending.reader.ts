import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { einvoiceFilterOf, withEInvoiceStatus, type EInvoicedTable } from './einvoice-status.sql';

const ISSUED: EInvoicedTable[] = [
  { table: 'invoices', id: 'invoice_id' },
  { table: 'credit_notes', id: 'credit_note_id' },
  { table: 'debit_notes', id: 'debit_note_id' },
];

/**
 * How many documents wait for an e-invoice: those the lists' `einvoice_status=PENDING` shows
 * (einvoice-status.sql.ts, the one rule), invoices and customer notes together.
 */
export async function pendingEInvoiceCount(db: Db, orgId: string): Promise<number> {
  const filter = await einvoiceFilterOf(db, orgId, 'PENDING');
  if (filter !== 'PENDING') return 0;
  const counts = await Promise.all(ISSUED.map((d) => db.selectFrom(d.table as 'invoices')
    .select(sql<number | string>`count(*)`.as('count'))
    .where('org_id', '=', orgId).where(withEInvoiceStatus(filter, d))
    .executeTakeFirstOrThrow()));
  return counts.reduce((sum, c) => sum + Number(c.count), 0);
}
