import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { readPreferences } from '../../platform/orgs/preferences';
import { notOpeningItem } from '../opening-balances';
import { EINVOICED_TREATMENTS, EXPORT_STATE } from './einvoice.builder';
import type { EInvoiceStatus } from './irn.schemas';


/** A document in these statuses has no e-invoice: a draft is not issued yet, a void is no supply. */
export const STATUSES_WITHOUT_EINVOICE: readonly string[] = ['DRAFT', 'CANCELLED'];

/** The filter a list applies: an `einvoice_status`, or NONE for PENDING in an organisation that does not e-invoice. */
export type EInvoiceFilter = EInvoiceStatus | 'NONE';

/** The documents with an e-invoice, by their table and id column; each table has org_id, status, gst_treatment and place_of_supply. */
export type EInvoicedTable = { table: 'invoices'; id: 'invoice_id' } | { table: 'credit_notes'; id: 'credit_note_id' } | { table: 'debit_notes'; id: 'debit_note_id' };

/**
 * What a list filters on for `status`: PENDING is read with the organisation's preference
 * `einvoicing` (docs/rules/einvoice-ewaybill.md, "E-invoice"), the same switch that has a
 * document's parties checked when it is issued.
 */
export async function einvoiceFilterOf(db: Db, orgId: string, status: EInvoiceStatus | undefined): Promise<EInvoiceFilter | undefined> {
  if (status !== 'PENDING') return status;
  const org = await db.selectFrom('orgs').select('preferences').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return readPreferences(org.preferences).einvoicing ? 'PENDING' : 'NONE';
}

/**
 * The documents of `d` in the filter's e-invoice state. ACTIVE and CANCELLED are their IRN's
 * status. PENDING is what the e-invoice's GET would build and has no IRN: issued and not void,
 * a supply supplyTypeOf gives a type (an export at place of supply 96, or a buyer of an
 * EINVOICED_TREATMENTS treatment), not an opening invoice, and of a note a customer's.
 */
export function withEInvoiceStatus(filter: EInvoiceFilter, d: EInvoicedTable): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${d.table}.${name}`);
  const irn = sql`select 1 from einvoice_irns as ei where ei.org_id = ${column('org_id')} and ei.document_id = ${column(d.id)}`;
  if (filter === 'ACTIVE' || filter === 'CANCELLED') return sql<boolean>`exists (${irn} and ei.status = ${filter})`;
  if (filter === 'NONE') return sql<boolean>`1 = 0`;
  const ours = d.table === 'invoices' ? notOpeningItem(`${d.table}.org_id`, `${d.table}.${d.id}`) : sql`${column('note_type')} = 'CUSTOMER'`;
  return sql<boolean>`(${column('status')} not in (${sql.join(STATUSES_WITHOUT_EINVOICE)})
    and (${column('place_of_supply')} = ${`IN-${EXPORT_STATE}`} or ${column('gst_treatment')} in (${sql.join(EINVOICED_TREATMENTS)}))
    and ${ours} and not exists (${irn}))`;
}
