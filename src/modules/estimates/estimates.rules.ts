import type { StatusMoves } from '../documents/status-moves.rules';

/** An estimate's life (spec, States and transitions). Decisions in docs/decisions.md. */
export const ESTIMATE_STATUSES = ['DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'CONVERTED'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

/**
 * Moves a caller makes with PUT status: a DRAFT is sent or declined; a SENT one is declined
 * or cancelled (an unwanted DRAFT is deleted instead, as nothing went out). ACCEPTED and
 * CONVERTED are reached only through accept and convert, which announce them; DECLINED,
 * CANCELLED and CONVERTED are final.
 */
export const ESTIMATE_MOVES: StatusMoves<EstimateStatus> = {
  DRAFT: ['SENT', 'DECLINED'],
  SENT: ['DECLINED', 'CANCELLED'],
};

export const ACCEPTABLE: readonly EstimateStatus[] = ['DRAFT', 'SENT'];
export const CONVERTIBLE: readonly EstimateStatus[] = ['ACCEPTED'];

/** reference_number, expiry_date and notes change until the customer has decided. */
export const HEADER_EDITABLE: readonly EstimateStatus[] = ['DRAFT', 'SENT'];

/** A CONVERTED estimate is the origin of a sales order, so it stays (spec). */
export const DELETABLE: readonly EstimateStatus[] = ['DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'CANCELLED'];
