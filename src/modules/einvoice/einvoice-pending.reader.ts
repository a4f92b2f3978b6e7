import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import { orgReading } from '../../platform/orgs/org-reading';
import { readPreferences } from '../../platform/orgs/preferences';
import { notOpeningItem } from '../opening-balances';
import { supplyTypeOf } from './einvoice.builder';

/** The documents Bahi issues that the IRP registers, and the column naming each. */
const ISSUED = [
  { table: 'invoices', id: 'invoice_id', customerNotesOnly: false },
  { table: 'credit_notes', id: 'credit_note_id', customerNotesOnly: true },
  { table: 'debit_notes', id: 'debit_note_id', customerNotesOnly: true },
] as const;

/**
 * How many documents wait for an e-invoice (docs/rules/einvoice-ewaybill.md, "E-invoice"): in an
 * organisation that e-invoices (preference `einvoicing`), each approved invoice and customer
 * credit or debit note, not void and not an opening item, whose supply has an e-invoice (the
 * builder's supply type: B2B, SEZ, deemed export, export) and that has no IRN recorded yet.
 * Counted in the database per treatment and place, so the supply rule is the builder's own.
 */
export async function pendingEInvoiceCount(db: Db, orgId: string): Promise<number> {
  if (!readPreferences((await orgReading(db, orgId)).preferences).einvoicing) return 0;
  const groups = await Promise.all(ISSUED.map(({ table, id, customerNotesOnly }) => {
    let q = db.selectFrom(`${table} as d` as 'invoices as d')
      .leftJoin('einvoice_irns as e', (j) => j.onRef('e.org_id', '=', 'd.org_id').onRef('e.document_id', '=', `d.${id}` as 'd.invoice_id'))
      .select(['d.gst_treatment', 'd.export_type', 'd.place_of_supply', sql<number | string>`count(*)`.as('count')])
      .where('d.org_id', '=', orgId).where('d.status', 'not in', ['DRAFT', 'CANCELLED']).where('e.document_id', 'is', null)
      .where(notOpeningItem('d.org_id', `d.${id}`));
    if (customerNotesOnly) q = q.where(sql.ref('d.note_type'), '=', 'CUSTOMER');
    return q.groupBy(['d.gst_treatment', 'd.export_type', 'd.place_of_supply']).execute();
  }));
  return groups.flat()
    .filter((g) => supplyTypeOf(g.gst_treatment, g.export_type, stateCodeOfIso(g.place_of_supply) ?? '') !== null)
    .reduce((sum, g) => sum + Number(g.count), 0);
}
