import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { CommentsTable } from '../../db/schema';

export type CommentRow = CommentsTable;

export const commentsRepository = {
  async find(db: Db | Tx, orgId: string, commentId: string, forUpdate = false) {
    let q = db.selectFrom('comments').selectAll().where('org_id', '=', orgId).where('comment_id', '=', commentId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  insert: (tx: Tx, row: CommentRow) => tx.insertInto('comments').values(row).execute(),

  updateBody: (tx: Tx, orgId: string, commentId: string, body: string, at: string) =>
    tx.updateTable('comments').set({ body, last_modified_time: at }).where('org_id', '=', orgId).where('comment_id', '=', commentId).execute(),

  delete: (tx: Tx, orgId: string, commentId: string) =>
    tx.deleteFrom('comments').where('org_id', '=', orgId).where('comment_id', '=', commentId).execute(),

  /** Every comment on one document: the document is being deleted. */
  deleteForEntity: (tx: Tx, orgId: string, entityId: string) =>
    tx.deleteFrom('comments').where('org_id', '=', orgId).where('entity_id', '=', entityId).execute(),

  /** Oldest first (ids are time-sortable and minted in creation order), one row beyond the page. */
  list(db: Db, orgId: string, filter: { entityType?: string; entityId?: string }, limit: number, offset: number) {
    let q = db.selectFrom('comments').selectAll().where('org_id', '=', orgId);
    if (filter.entityType !== undefined) q = q.where('entity_type', '=', filter.entityType);
    if (filter.entityId !== undefined) q = q.where('entity_id', '=', filter.entityId);
    return q.orderBy('comment_id').limit(limit + 1).offset(offset).execute();
  },
};
