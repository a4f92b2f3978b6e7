import type { Db, Tx } from '../../db/database';
import type { ImsActionsTable } from '../../db/itc-schema';
import type { CursorPosition } from '../../kernel/cursor';
import { supplierDocumentKey, type SupplierDocumentKey } from './itc-documents';

export type ImsActionRow = ImsActionsTable;

/** Which actions a list reads: one GSTIN's, optionally of documents dated within a month and of one action. */
export interface ImsActionFilter { gstin: string; from?: string; to?: string; action?: string }

const byKey = (db: Db | Tx, orgId: string, gstin: string, key: SupplierDocumentKey) =>
  db.selectFrom('ims_actions').selectAll().where('org_id', '=', orgId).where('gstin', '=', gstin)
    .where('supplier_gstin', '=', key.supplierGstin ?? '').where('document_type', '=', key.documentType)
    .where('financial_year', '=', key.financialYear).where('number_key', '=', key.numberKey);

export const imsActionsStore = {
  /** The action on one supplier document, however its number was spelt; undefined when none was taken. */
  find: (db: Db | Tx, orgId: string, gstin: string, key: SupplierDocumentKey) => byKey(db, orgId, gstin, key).executeTakeFirst(),

  /** False when another request recorded an action on the same document meanwhile (the unique key). */
  async insert(tx: Tx, row: ImsActionRow): Promise<boolean> {
    const result = await tx.insertInto('ims_actions').values(row)
      .onConflict((oc) => oc.columns(['org_id', 'gstin', 'supplier_gstin', 'document_type', 'financial_year', 'number_key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  /** False when another request changed the action meanwhile (its version moved on). */
  async update(tx: Tx, row: ImsActionRow): Promise<boolean> {
    const result = await tx.updateTable('ims_actions').set(row).where('org_id', '=', row.org_id).where('ims_action_id', '=', row.ims_action_id)
      .where('version', '=', row.version - 1).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** In document date order, then id; keyset on both, one row beyond the page. No limit: every row of the filter (the CSV). */
  list(db: Db, orgId: string, filter: ImsActionFilter, after: CursorPosition | null, limit: number | null) {
    let q = db.selectFrom('ims_actions').selectAll().where('org_id', '=', orgId).where('gstin', '=', filter.gstin);
    if (filter.from !== undefined && filter.to !== undefined) q = q.where('document_date', '>=', filter.from).where('document_date', '<=', filter.to);
    if (filter.action !== undefined) q = q.where('action', '=', filter.action);
    if (after) {
      const [date, id] = [String(after[0]), String(after[1])];
      q = q.where((eb) => eb.or([eb('document_date', '>', date), eb.and([eb('document_date', '=', date), eb('ims_action_id', '>', id)])]));
    }
    q = q.orderBy('document_date').orderBy('ims_action_id');
    return (limit === null ? q : q.limit(limit + 1)).execute();
  },
};

/**
 * Every action taken on documents reported to one GSTIN, by itc-documents.ts supplierDocumentKey:
 * what the reconciliation and GSTR-3B's 2B basis look a 2B document's action up by.
 */
export async function imsActionsOf(db: Db | Tx, orgId: string, gstin: string): Promise<Map<string, ImsActionRow>> {
  const rows = await db.selectFrom('ims_actions').selectAll().where('org_id', '=', orgId).where('gstin', '=', gstin).execute();
  return new Map(rows.map((r) => [supplierDocumentKey({
    supplierGstin: r.supplier_gstin, documentType: r.document_type as SupplierDocumentKey['documentType'], financialYear: r.financial_year, numberKey: r.number_key,
  }), r]));
}
