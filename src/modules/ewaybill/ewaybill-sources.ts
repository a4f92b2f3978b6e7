import type { Db } from '../../db/database';
import { notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { EWayBill, EWayBillQuery } from './ewaybill.schemas';
import type { EWayBillService } from './ewaybill.service';

/** A kind of document with an e-way bill: its e-way bill (with the transport it records), and its number whatever its state. */
export interface EWayBillSource {
  entityType: 'INVOICE' | 'BILL' | 'BILL_OF_ENTRY' | 'CREDIT_NOTE' | 'DELIVERY_CHALLAN';
  /** With the transport the query names, else the one the document records (as GET …/ewaybill). */
  ewaybill(ctx: RequestContext, id: string, transport?: EWayBillQuery): Promise<EWayBill>;
  /** The document's number: 404 when the organisation has no such document. */
  numberOf(ctx: RequestContext, id: string): Promise<string>;
}

/** A delivery challan's e-way bill: built in its own module, which reads the challan (delivery-challans.ewaybill.ts). */
type ChallanEWayBill = (ctx: RequestContext, id: string, query: EWayBillQuery) => Promise<{ ewaybill: EWayBill }>;

/**
 * Every kind of document with an e-way bill, by the prefix of its ids: one entry per kind, for
 * the bulk file and the provider alike.
 */
export function ewayBillSources(db: Db, ewayBills: EWayBillService, challan: ChallanEWayBill) {
  type Table = 'invoices' | 'bills' | 'bills_of_entry' | 'credit_notes' | 'delivery_challans';
  type IdColumn = 'invoice_id' | 'bill_id' | 'bill_of_entry_id' | 'credit_note_id' | 'delivery_challan_id';
  const numberIn = (table: Table, idColumn: IdColumn, numberColumn: 'invoice_number' | 'bill_number' | 'boe_number' | 'credit_note_number' | 'delivery_challan_number', noun: string) =>
    async (ctx: RequestContext, id: string) => {
      const row = await db.selectFrom(table as 'invoices').select(`${numberColumn} as number` as 'invoice_number as number')
        .where('org_id', '=', ctx.orgId).where(idColumn as 'invoice_id', '=', id).executeTakeFirst();
      if (!row) throw notFound(noun, idColumn);
      return row.number;
    };
  return {
    inv: { entityType: 'INVOICE', ewaybill: async (ctx, id, transport = {}) => (await ewayBills.invoice(ctx, id, transport)).ewaybill, numberOf: numberIn('invoices', 'invoice_id', 'invoice_number', 'invoice') },
    bill: { entityType: 'BILL', ewaybill: async (ctx, id, transport = {}) => (await ewayBills.bill(ctx, id, transport)).ewaybill, numberOf: numberIn('bills', 'bill_id', 'bill_number', 'bill') },
    boe: {
      entityType: 'BILL_OF_ENTRY', ewaybill: async (ctx, id, transport = {}) => (await ewayBills.billOfEntry(ctx, id, transport)).ewaybill,
      numberOf: numberIn('bills_of_entry', 'bill_of_entry_id', 'boe_number', 'Bill of Entry'),
    },
    cn: {
      entityType: 'CREDIT_NOTE', ewaybill: async (ctx, id, transport = {}) => (await ewayBills.creditNote(ctx, id, transport)).ewaybill,
      numberOf: numberIn('credit_notes', 'credit_note_id', 'credit_note_number', 'credit note'),
    },
    dc: {
      entityType: 'DELIVERY_CHALLAN', ewaybill: async (ctx, id, transport = {}) => (await challan(ctx, id, transport)).ewaybill,
      numberOf: numberIn('delivery_challans', 'delivery_challan_id', 'delivery_challan_number', 'delivery challan'),
    },
  } satisfies Record<string, EWayBillSource>;
}
export type EWayBillSources = ReturnType<typeof ewayBillSources>;
