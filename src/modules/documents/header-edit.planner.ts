import { diffFields, type FieldChanges } from '../../platform/activity/activity.recorder';
import { assertMove, assertStatusIn, type StatusMoves } from './status-moves.rules';

/** What a PUT may do to a document that posts nothing (estimate, sales or purchase order). */
export interface HeaderEditRules<S extends string> {
  /** As errors name it: 'sales order'. */
  document: string;
  moves: StatusMoves<S>;
  /** The statuses in which the header fields may change. */
  headerEditable: readonly S[];
}

/**
 * Judges a PUT of header fields and a status move, and returns what changes (null: nothing,
 * so nothing is written). The header is judged by the status before the move, so confirming
 * and editing in one request works where the old status allows the edit; a refused edit or
 * move is 409 before anything is written. `before` and `after` are the header fields only.
 */
export function planHeaderEdit<S extends string>(
  rules: HeaderEditRules<S>,
  status: S,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  requested: S | undefined,
): FieldChanges | null {
  if (diffFields(before, after)) assertStatusIn(rules.document, 'edited', rules.headerEditable, status);
  if (requested !== undefined) assertMove(rules.document, rules.moves, status, requested);
  return diffFields({ ...before, status }, { ...after, status: requested ?? status });
}
