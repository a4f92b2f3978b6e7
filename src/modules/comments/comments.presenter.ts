import { isoTimestamp } from '../../kernel/local-date';
import type { CommentRow } from './comments.repository';

export function presentComment(c: CommentRow) {
  return {
    comment_id: c.comment_id,
    entity_type: c.entity_type,
    entity_id: c.entity_id,
    body: c.body,
    author_user_id: c.author_user_id,
    created_time: isoTimestamp(new Date(c.created_time)),
    last_modified_time: isoTimestamp(new Date(c.last_modified_time)),
  };
}
