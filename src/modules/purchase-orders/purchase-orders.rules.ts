import type { StatusMoves } from '../documents/status-moves.rules';

/**
 * A purchase order's life (spec: DRAFT → OPEN → BILLED, and OPEN → CANCELLED).
 * Decisions in docs/decisions.md.
 */
export const PURCHASE_ORDER_STATUSES = ['DRAFT', 'OPEN', 'BILLED', 'CANCELLED'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/**
 * Moves a caller makes with PUT status: a DRAFT is issued (OPEN), an issued order is
 * withdrawn (CANCELLED). BILLED is reached only by converting, which creates the bill; an
 * unwanted DRAFT is deleted rather than cancelled (the vendor never saw it). BILLED and
 * CANCELLED are final.
 */
export const PURCHASE_ORDER_MOVES: StatusMoves<PurchaseOrderStatus> = {
  DRAFT: ['OPEN'],
  OPEN: ['CANCELLED'],
};

/**
 * Any order still to be billed converts (docs/rules/documents-and-notes.md, "Orders"): orders are created DRAFT and the spec
 * gives no way to issue one, so a DRAFT converts as it stands. A purchase order has no
 * partly billed state (the spec's chain is DRAFT → OPEN → BILLED).
 */
export const CONVERTIBLE: readonly PurchaseOrderStatus[] = ['DRAFT', 'OPEN'];

/** reference_number, expected_date and notes change while the order is still to be billed. */
export const HEADER_EDITABLE: readonly PurchaseOrderStatus[] = ['DRAFT', 'OPEN'];

/**
 * A DRAFT never reached the vendor and a CANCELLED order was withdrawn, so either may go.
 * An OPEN order is a commitment the vendor holds: it is cancelled first, which leaves that
 * on record. A BILLED order is the origin its bill names, so it stays.
 */
export const DELETABLE: readonly PurchaseOrderStatus[] = ['DRAFT', 'CANCELLED'];
