import type { Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { pagedContext, pageWindow } from '../../platform/pagination';
import { presentComment } from './comments.presenter';
import { commentsRepository as repo, type CommentRow } from './comments.repository';
import { assertAuthor, assertHasText, authorOf } from './comments.rules';
import type { CommentEntityType, CreateCommentBody, ListCommentsQuery, UpdateCommentBody } from './comments.schemas';

/** Locks the live document a comment names, for the rest of the transaction; false when the organisation has none. */
export type ParentLock = (tx: Tx, orgId: string, entityId: string) => Promise<boolean>;

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity'> & {
  parents: Record<CommentEntityType, ParentLock>;
};

export function commentsService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();

  async function load(executor: Tx | typeof db, orgId: string, commentId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, commentId, forUpdate);
    if (!row) throw notFound('comment', 'comment_id');
    return row;
  }

  /** Comment events join the document's own timeline (action COMMENT_ADDED on the invoice, …). */
  const recordOnParent = (tx: Tx, ctx: RequestContext, c: CommentRow, verb: 'ADDED' | 'UPDATED' | 'DELETED') =>
    deps.activity.record(tx, ctx, {
      entityType: c.entity_type as CommentEntityType, entityId: c.entity_id, action: `COMMENT_${verb}`, metadata: { comment_id: c.comment_id },
    });

  return {
    async createComment(ctx: RequestContext, input: CreateCommentBody) {
      const author = authorOf(ctx.userId);
      assertHasText(input.body);
      return deps.uow(ctx, async (tx) => {
        // The lock keeps a concurrent delete of the document from leaving this comment behind.
        if (!(await deps.parents[input.entity_type](tx, ctx.orgId, input.entity_id))) {
          throw notFound(input.entity_type.toLowerCase().replace('_', ' '), 'entity_id');
        }
        const at = now();
        const row: CommentRow = {
          org_id: ctx.orgId, comment_id: deps.ids.next('cmt'), entity_type: input.entity_type, entity_id: input.entity_id,
          body: input.body, author_user_id: author, created_time: at, last_modified_time: at,
        };
        await repo.insert(tx, row);
        await recordOnParent(tx, ctx, row, 'ADDED');
        return { comment: presentComment(row) };
      });
    },

    async listComments(ctx: RequestContext, query: ListCommentsQuery) {
      const { page, perPage, offset } = pageWindow(query, 100);
      const rows = await repo.list(db, ctx.orgId, { entityType: query.entity_type, entityId: query.entity_id }, perPage, offset);
      const { items, page_context } = pagedContext(rows, page, perPage);
      return { comments: items.map(presentComment), page_context };
    },

    async getComment(ctx: RequestContext, commentId: string) {
      return { comment: presentComment(await load(db, ctx.orgId, commentId)) };
    },

    /** Only the latest body is kept; created_time stays. */
    async updateComment(ctx: RequestContext, commentId: string, input: UpdateCommentBody) {
      assertHasText(input.body);
      return deps.uow(ctx, async (tx) => {
        const comment = await load(tx, ctx.orgId, commentId, true);
        assertAuthor(comment, ctx.userId, 'edit');
        const next: CommentRow = { ...comment, body: input.body, last_modified_time: now() };
        await repo.updateBody(tx, ctx.orgId, commentId, next.body, next.last_modified_time);
        await recordOnParent(tx, ctx, next, 'UPDATED');
        return { comment: presentComment(next) };
      });
    },

    async deleteComment(ctx: RequestContext, commentId: string) {
      return deps.uow(ctx, async (tx) => {
        const comment = await load(tx, ctx.orgId, commentId, true);
        assertAuthor(comment, ctx.userId, 'delete');
        await repo.delete(tx, ctx.orgId, commentId);
        await recordOnParent(tx, ctx, comment, 'DELETED');
        return { comment_id: commentId };
      });
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
