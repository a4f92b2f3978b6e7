import type { StatusMoves } from '../documents/status-moves.rules';

/**
 * A sales order's life (spec: DRAFT → OPEN → PARTIALLY_INVOICED → INVOICED → CLOSED, and
 * CANCELLED from the later part of the chain). Decisions in docs/decisions.md.
 */
export const SALES_ORDER_STATUSES = ['DRAFT', 'OPEN', 'PARTIALLY_INVOICED', 'INVOICED', 'CLOSED', 'CANCELLED'] as const;
export type SalesOrderStatus = (typeof SALES_ORDER_STATUSES)[number];

/**
 * Moves a caller makes with PUT status. INVOICED (and PARTIALLY_INVOICED, reserved for
 * invoicing part of an order) are reached only by converting, which creates the invoice;
 * CLOSED and CANCELLED are final.
 */
export const SALES_ORDER_MOVES: StatusMoves<SalesOrderStatus> = {
  DRAFT: ['OPEN'],
  OPEN: ['CANCELLED'],
  PARTIALLY_INVOICED: ['CANCELLED'],
  INVOICED: ['CLOSED'],
};

/**
 * Any order still to be invoiced converts (docs/rules/documents-and-notes.md, "Orders"): orders are created DRAFT and the
 * spec gives no way to confirm one, so a DRAFT converts as it stands.
 */
export const CONVERTIBLE: readonly SalesOrderStatus[] = ['DRAFT', 'OPEN', 'PARTIALLY_INVOICED'];

/** reference_number, shipment_date and notes change while the order is still to be invoiced. */
export const HEADER_EDITABLE: readonly SalesOrderStatus[] = ['DRAFT', 'OPEN', 'PARTIALLY_INVOICED'];
