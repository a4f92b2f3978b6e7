import { invalidState } from '../../kernel/errors';

/** The status moves a document allows through PUT: from each status, the statuses it may move to. */
export type StatusMoves<S extends string> = Readonly<Partial<Record<S, readonly S[]>>>;

/**
 * Refuses a status move the table does not list (409 conflict.invalid_state, with the
 * moves that are allowed). Sending the current status again is not a move: it passes, so a
 * client may PUT back the header it read.
 */
export function assertMove<S extends string>(document: string, moves: StatusMoves<S>, from: S, to: S): void {
  if (from === to) return;
  const allowed = moves[from] ?? [];
  if (!allowed.includes(to)) {
    throw invalidState(`a ${document} in ${from} cannot move to ${to}`, { status: from, requested: to, allowed: [...allowed] });
  }
}

/** Refuses an action (accept, convert, edit, delete) outside the statuses that allow it, with 409. */
export function assertStatusIn<S extends string>(document: string, action: string, allowed: readonly S[], status: S): void {
  if (!allowed.includes(status)) {
    throw invalidState(`a ${document} can be ${action} only in ${allowed.join(' or ')}; this one is ${status}`, { status, allowed: [...allowed] });
  }
}
