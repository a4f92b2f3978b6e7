import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, Query, StringEnum, Text } from '../../http/schema-kit';
import { Named, Strict, Timestamp } from '../../http/response-schemas';

/** The documents a comment may sit on (the spec's list; RECEIPT is an incoming payment). */
export const COMMENT_ENTITY_TYPES = [
  'INVOICE', 'BILL', 'ESTIMATE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'SALES_ORDER', 'PURCHASE_ORDER', 'PAYMENT', 'RECEIPT', 'EXPENSE', 'JOURNAL',
] as const;
export type CommentEntityType = (typeof COMMENT_ENTITY_TYPES)[number];

export const MAX_COMMENT_CHARS = 5000;
/** Plain text; an empty or blank body is refused by the service with the spec's 422. */
const CommentText = Text(MAX_COMMENT_CHARS);

export const CreateCommentBody = Body({
  entity_type: StringEnum(COMMENT_ENTITY_TYPES),
  entity_id: Id('entity_id'),
  body: CommentText,
});
export type CreateCommentBody = Static<typeof CreateCommentBody>;

export const UpdateCommentBody = Body({ body: CommentText });
export type UpdateCommentBody = Static<typeof UpdateCommentBody>;

export const ListCommentsQuery = Query({
  entity_type: Type.Optional(StringEnum(COMMENT_ENTITY_TYPES)),
  entity_id: Type.Optional(Id('entity_id')),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
});
export type ListCommentsQuery = Static<typeof ListCommentsQuery>;

export const Comment = Named('Comment', Strict({
  comment_id: Type.String(),
  entity_type: StringEnum(COMMENT_ENTITY_TYPES),
  entity_id: Type.String({ description: 'The document commented on' }),
  body: Type.String(),
  author_user_id: Type.String({ description: "The user whose token wrote the comment; only they may change or delete it" }),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A comment on a document.'));
