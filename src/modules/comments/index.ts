export { commentsService, type CommentsService, type ParentLock } from './comments.service';
export { commentsRoutes } from './comments.routes';
export { commentsRepository } from './comments.repository';
export { COMMENT_ENTITY_TYPES, type CommentEntityType } from './comments.schemas';
