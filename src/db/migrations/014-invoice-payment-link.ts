import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * The payee of an invoice's UPI payment link (recurring `auto_charge`), fixed when the
 * invoice is generated: the link the customer was given keeps pointing at the same account
 * even if the organisation later changes its UPI VPA or name. Null on every other invoice.
 */
export const invoicePaymentLink: BahiMigration = {
  name: '014-invoice-payment-link',
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('invoices').addColumn('payment_vpa', 'text').execute();
    await db.schema.alterTable('invoices').addColumn('payment_payee', 'text').execute();
  },
};
