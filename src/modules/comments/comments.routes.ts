import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { CreateCommentBody, ListCommentsQuery, UpdateCommentBody } from './comments.schemas';
import type { CommentsService } from './comments.service';

const tags = ['Comments'];
const CommentIdParam = IdParam('comment_id');

export function commentsRoutes(comments: CommentsService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/comments', operationId: 'createComment', summary: "Comment on a document as the token's user", tags,
      access: 'Svc.comments.CREATE', body: CreateCommentBody, status: 201, message: 'The comment has been added.',
      handle: ({ ctx, body }) => comments.createComment(ctx, body),
    }),
    route({
      method: 'GET', url: '/comments', operationId: 'listComments', summary: 'List comments, oldest first', tags,
      access: 'Svc.comments.READ', query: ListCommentsQuery,
      handle: ({ ctx, query }) => comments.listComments(ctx, query),
    }),
    route({
      method: 'GET', url: '/comments/:comment_id', operationId: 'getComment', summary: 'Get a comment', tags,
      access: 'Svc.comments.READ', params: CommentIdParam,
      handle: ({ ctx, params }) => comments.getComment(ctx, params.comment_id),
    }),
    route({
      method: 'PUT', url: '/comments/:comment_id', operationId: 'updateComment', summary: "Replace a comment's body (author only)", tags,
      access: 'Svc.comments.UPDATE', params: CommentIdParam, body: UpdateCommentBody, message: 'The comment has been updated.',
      handle: ({ ctx, params, body }) => comments.updateComment(ctx, params.comment_id, body),
    }),
    route({
      method: 'DELETE', url: '/comments/:comment_id', operationId: 'deleteComment', summary: 'Delete a comment (author only)', tags,
      access: 'Svc.comments.DELETE', params: CommentIdParam, message: 'The comment has been deleted.',
      handle: ({ ctx, params }) => comments.deleteComment(ctx, params.comment_id),
    }),
  ];
}
