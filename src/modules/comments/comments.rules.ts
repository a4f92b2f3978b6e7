import { DomainError } from '../../kernel/errors';

/** The spec's 422 for a comment without text: empty, or nothing but white space. */
export function assertHasText(body: string): void {
  if (body.trim() === '') {
    throw new DomainError('validation.required_field', 'body is required: a comment needs some text', { field: 'body', status: 422 });
  }
}

/** Comments speak for a person: a token without a user (a machine token) cannot post one. */
export function authorOf(userId: string | null): string {
  if (userId === null) {
    throw new DomainError('auth.insufficient_scope', 'This token belongs to no user, and a comment needs an author: use a personal access token or an OAuth token');
  }
  return userId;
}

/** Only the author may change or remove a comment; an organisation admin is refused too. */
export function assertAuthor(comment: { author_user_id: string }, userId: string | null, action: 'edit' | 'delete'): void {
  if (userId === null || comment.author_user_id !== userId) {
    throw new DomainError('auth.insufficient_scope', `Only the comment's author may ${action} it`, { details: { author_user_id: comment.author_user_id } });
  }
}
