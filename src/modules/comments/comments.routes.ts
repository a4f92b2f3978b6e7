import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { Type } from '@sinclair/typebox';
import { PagePageContext } from '../../http/response-schemas';
import { Comment, CreateCommentBody, ListCommentsQuery, UpdateCommentBody } from './comments.schemas';
import type { CommentsService } from './comments.service';

const tags = ['Comments'];
const CommentIdParam = IdParam('comment_id');

export function commentsRoutes(comments: CommentsService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/comments', operationId: 'createComment', summary: "Comment on a document as the token's user", tags,
      access: 'Svc.comments.CREATE', body: CreateCommentBody, status: 201, message: 'The comment has been added.', response: { comment: Comment },
      handle: ({ ctx, body }) => comments.createComment(ctx, body),
    }),
    route({
      method: 'GET', url: '/comments', operationId: 'listComments', summary: 'List comments, oldest first', tags,
      access: 'Svc.comments.READ', query: ListCommentsQuery, response: { comments: Type.Array(Comment), page_context: PagePageContext },
      handle: ({ ctx, query }) => comments.listComments(ctx, query),
    }),
    route({
      method: 'GET', url: '/comments/:comment_id', operationId: 'getComment', summary: 'Get a comment', tags,
      access: 'Svc.comments.READ', params: CommentIdParam, response: { comment: Comment },
      handle: ({ ctx, params }) => comments.getComment(ctx, params.comment_id),
    }),
    route({
      method: 'PUT', url: '/comments/:comment_id', operationId: 'updateComment', summary: "Replace a comment's body (author only)", tags,
      access: 'Svc.comments.UPDATE', params: CommentIdParam, body: UpdateCommentBody, message: 'The comment has been updated.', response: { comment: Comment },
      handle: ({ ctx, params, body }) => comments.updateComment(ctx, params.comment_id, body),
    }),
    route({
      method: 'DELETE', url: '/comments/:comment_id', operationId: 'deleteComment', summary: 'Delete a comment (author only)', tags,
      access: 'Svc.comments.DELETE', params: CommentIdParam, message: 'The comment has been deleted.', response: { comment_id: Type.String() },
      handle: ({ ctx, params }) => comments.deleteComment(ctx, params.comment_id),
    }),
  ];
}
