import type { Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { EventDataOf } from '../../platform/outbox/events';
import { release, settle, type Settleable, type SettlementKind, type SettlementOutcome, type SettlementStatuses } from './settlement.rules';

type PaidEvent = 'INVOICE_PAID' | 'BILL_PAID';

/** The columns every settleable document row has. */
interface SettleableRow {
  status: string;
  balance: number;
  version: number;
  last_modified_time: string;
}

/** What tells an invoice from a bill in settlement: its table's columns, its statuses and its event. */
export interface SettlementSide<Row extends SettleableRow, Paid extends PaidEvent> {
  entityType: 'INVOICE' | 'BILL';
  /** The document as a 404 names it. */
  noun: string;
  statuses: SettlementStatuses;
  paidEvent: Paid;
  repository: {
    find(tx: Tx, orgId: string, id: string, forUpdate: boolean): Promise<Row | undefined>;
    update(tx: Tx, orgId: string, id: string, changes: Partial<Row> & Pick<Row, 'version'>): Promise<void>;
  };
  idOf(row: Row): string;
  numberOf(row: Row): string;
  read(row: Row): Settleable;
  /** The row's columns that hold an outcome: status, balance, paid and credited. */
  columnsOf(outcome: SettlementOutcome): Partial<Row>;
}

type Deps<Row, Paid extends PaidEvent> = Pick<PlatformDeps, 'activity' | 'events'> & {
  now: () => string;
  eventData: (row: Row) => EventDataOf<Paid>;
};

/**
 * The document side of settlement, one implementation for invoices and bills: payments and
 * credits lock a document, apply money to it or take it back, in their own transaction.
 * Balances, status, version, the activity row and INVOICE_PAID / BILL_PAID move together.
 */
export function settlementPort<Row extends SettleableRow, Paid extends PaidEvent>(side: SettlementSide<Row, Paid>, deps: Deps<Row, Paid>) {
  /** Writes a settlement outcome: balances, status, version, the activity row and the paid event when cleared. */
  async function record(tx: Tx, ctx: RequestContext, row: Row, outcome: SettlementOutcome, metadata: Record<string, unknown>): Promise<Row> {
    const changes = { ...side.columnsOf(outcome), version: row.version + 1, last_modified_time: deps.now() } as Partial<Row> & Pick<Row, 'version'>;
    const next: Row = { ...row, ...changes };
    await side.repository.update(tx, ctx.orgId, side.idOf(row), changes);
    const { paid, clearedByCredit, partly } = side.statuses;
    const verb = next.status === paid || next.status === clearedByCredit ? 'PAID' : next.status === partly ? 'PARTIALLY_PAID' : 'STATUS_CHANGED';
    await deps.activity.record(tx, ctx, {
      entityType: side.entityType, entityId: side.idOf(row), entityRef: side.numberOf(row), verb,
      changes: { status: { old: row.status, new: next.status }, balance: { old: toRupees(row.balance), new: toRupees(next.balance) } }, metadata,
    });
    if (outcome.cleared) await deps.events.emit(tx, ctx, side.paidEvent, deps.eventData(next));
    return next;
  }

  return {
    /** Locks a document that money is about to move against; 404 (on `field`) when it is not this organisation's. */
    async lockForSettlement(tx: Tx, orgId: string, id: string, field: string): Promise<Row> {
      const row = await side.repository.find(tx, orgId, id, true);
      if (!row) throw notFound(side.noun, field);
      return row;
    },

    /** Applies a payment or credit to a locked document (caller's transaction). */
    async settleInTx(tx: Tx, ctx: RequestContext, row: Row, kind: SettlementKind, amount: number, field: string, metadata: Record<string, unknown>) {
      return record(tx, ctx, row, settle(side.read(row), kind, amount, side.statuses, field), metadata);
    },

    /** Takes a payment or credit back off a locked document: balance restored, status back to unpaid or partly paid. */
    async releaseInTx(tx: Tx, ctx: RequestContext, row: Row, kind: SettlementKind, amount: number, metadata: Record<string, unknown>) {
      return record(tx, ctx, row, release(side.read(row), kind, amount, side.statuses), metadata);
    },
  };
}
