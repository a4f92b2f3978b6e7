import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { AttachmentsTable } from '../../db/schema';

export type AttachmentRow = AttachmentsTable;

export const attachmentsRepository = {
  async find(db: Db | Tx, orgId: string, attachmentId: string, forUpdate = false) {
    let q = db.selectFrom('attachments').selectAll().where('org_id', '=', orgId).where('attachment_id', '=', attachmentId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  insert: (tx: Tx, row: AttachmentRow) => tx.insertInto('attachments').values(row).execute(),

  delete: (tx: Tx, orgId: string, attachmentId: string) =>
    tx.deleteFrom('attachments').where('org_id', '=', orgId).where('attachment_id', '=', attachmentId).execute(),

  /** Newest first (ids are time-sortable), one row beyond the page. */
  list(db: Db, orgId: string, filter: { entityType?: string; entityId?: string }, limit: number, offset: number) {
    let q = db.selectFrom('attachments').selectAll().where('org_id', '=', orgId);
    if (filter.entityType !== undefined) q = q.where('entity_type', '=', filter.entityType);
    if (filter.entityId !== undefined) q = q.where('entity_id', '=', filter.entityId);
    return q.orderBy('attachment_id', 'desc').limit(limit + 1).offset(offset).execute();
  },
};
