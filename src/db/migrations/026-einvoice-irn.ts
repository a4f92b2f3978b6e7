import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * What the IRP answered for an invoice's e-invoice (its IRN, acknowledgement and signed QR
 * code), and its cancellation when the invoice is voided within 24 hours: one row per invoice,
 * so recording twice meets the primary key.
 */
export const einvoiceIrn: BahiMigration = {
  name: '026-einvoice-irn',
  async up(db: Kysely<unknown>) {
    await db.schema.createTable('einvoice_irns')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('invoice_id', 'text', (c) => c.notNull())
      .addColumn('irn', 'text', (c) => c.notNull())
      .addColumn('ack_no', 'text', (c) => c.notNull())
      .addColumn('ack_date', 'text', (c) => c.notNull())
      .addColumn('signed_qr_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('cancel_reason', 'integer')
      .addColumn('cancel_remarks', 'text')
      .addColumn('cancelled_time', 'text')
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('einvoice_irns_pk', ['org_id', 'invoice_id'])
      .execute();
  },
};
