import type { Db } from '../../db/database';
import { notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { EWayBill } from './ewaybill.schemas';
import type { EWayBillService } from './ewaybill.service';

/** A kind of document with an e-way bill: its e-way bill (with the transport it records), and its number whatever its state. */
export interface EWayBillSource {
  entityType: 'INVOICE' | 'BILL';
  ewaybill(ctx: RequestContext, id: string): Promise<EWayBill>;
  /** The document's number: 404 when the organisation has no such document. */
  numberOf(ctx: RequestContext, id: string): Promise<string>;
}

/**
 * Every kind of document with an e-way bill, by the prefix of its ids: one entry per kind, for
 * the bulk file and the provider alike.
 */
export function ewayBillSources(db: Db, ewayBills: EWayBillService) {
  const numberIn = (table: 'invoices' | 'bills', idColumn: 'invoice_id' | 'bill_id', numberColumn: 'invoice_number' | 'bill_number', noun: string) =>
    async (ctx: RequestContext, id: string) => {
      const row = await db.selectFrom(table as 'invoices').select(`${numberColumn} as number` as 'invoice_number as number')
        .where('org_id', '=', ctx.orgId).where(idColumn as 'invoice_id', '=', id).executeTakeFirst();
      if (!row) throw notFound(noun, idColumn);
      return row.number;
    };
  return {
    inv: { entityType: 'INVOICE', ewaybill: async (ctx, id) => (await ewayBills.invoice(ctx, id, {})).ewaybill, numberOf: numberIn('invoices', 'invoice_id', 'invoice_number', 'invoice') },
    bill: { entityType: 'BILL', ewaybill: async (ctx, id) => (await ewayBills.bill(ctx, id, {})).ewaybill, numberOf: numberIn('bills', 'bill_id', 'bill_number', 'bill') },
  } satisfies Record<string, EWayBillSource>;
}
export type EWayBillSources = ReturnType<typeof ewayBillSources>;
