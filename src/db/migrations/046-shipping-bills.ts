import type { Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * An export invoice's shipping bill (GSTR-1 `exp`: sbpcode, sbnum, sbdt): the port's code, the
 * bill's number and date, all null until given. `shipping_bill_time` is when it was last set, so
 * a filed return lists the invoice as changed since it was marked (docs/rules/returns-gstr1-gstr3b.md,
 * "Shipping bills").
 */
export const shippingBills: BahiMigration = {
  name: '046-shipping-bills',
  async up(db: Kysely<unknown>) {
    for (const column of ['shipping_bill_port', 'shipping_bill_number', 'shipping_bill_date', 'shipping_bill_time']) {
      await db.schema.alterTable('invoices').addColumn(column, 'text').execute();
    }
  },
};
