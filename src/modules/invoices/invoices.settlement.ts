import type { Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { EventDataOf } from '../../platform/outbox/events';
import { release, settle, type SettlementKind, type SettlementOutcome, type SettlementStatuses } from '../documents';
import { invoicesRepository as repo, type InvoiceRow } from './invoices.repository';
import { OPEN_STATUSES } from './invoices.rules';

const SETTLEMENT: SettlementStatuses = { open: OPEN_STATUSES, unpaid: 'SENT', partly: 'PARTIALLY_PAID', paid: 'PAID', clearedByCredit: 'CREDIT_APPLIED' };

type Deps = Pick<PlatformDeps, 'activity' | 'events'> & {
  now: () => string;
  eventData: (invoice: InvoiceRow) => EventDataOf<'INVOICE_PAID'>;
};

/**
 * The invoice side of settlement: payments and credit notes lock an invoice, apply money to
 * it or take it back, in their own transaction. Balances, status, version, the activity row
 * and INVOICE_PAID move together.
 */
export function invoiceSettlement(deps: Deps) {
  const { now, eventData } = deps;

  /** Writes a settlement outcome: balances, status, version, the activity row and INVOICE_PAID when cleared. */
  async function recordSettlement(tx: Tx, ctx: RequestContext, invoice: InvoiceRow, outcome: SettlementOutcome, metadata: Record<string, unknown>) {
    const next: InvoiceRow = {
      ...invoice, status: outcome.status, balance: outcome.balance, payment_made: outcome.paid, credits_applied: outcome.credited,
      version: invoice.version + 1, last_modified_time: now(),
    };
    await repo.update(tx, ctx.orgId, invoice.invoice_id, {
      status: next.status, balance: next.balance, payment_made: next.payment_made, credits_applied: next.credits_applied,
      version: next.version, last_modified_time: next.last_modified_time,
    });
    const verb = next.status === 'PAID' || next.status === 'CREDIT_APPLIED' ? 'PAID' : next.status === 'PARTIALLY_PAID' ? 'PARTIALLY_PAID' : 'STATUS_CHANGED';
    await deps.activity.record(tx, ctx, {
      entityType: 'INVOICE', entityId: invoice.invoice_id, entityRef: invoice.invoice_number, verb,
      changes: { status: { old: invoice.status, new: next.status }, balance: { old: invoice.balance / 100, new: next.balance / 100 } }, metadata,
    });
    if (outcome.cleared) await deps.events.emit(tx, ctx, 'INVOICE_PAID', eventData(next));
    return next;
  }

  const settleable = (i: InvoiceRow) => ({ status: i.status, total: i.total, balance: i.balance, paid: i.payment_made, credited: i.credits_applied });

  return {
    /** Locks an invoice that money is about to move against; 404 (on `field`) when it is not this organisation's. */
    async lockForSettlement(tx: Tx, orgId: string, invoiceId: string, field: string): Promise<InvoiceRow> {
      const row = await repo.find(tx, orgId, invoiceId, true);
      if (!row) throw notFound('invoice', field);
      return row;
    },

    /** Applies a payment or credit to a locked invoice (caller's transaction). */
    async settleInTx(tx: Tx, ctx: RequestContext, invoice: InvoiceRow, kind: SettlementKind, amount: number, field: string, metadata: Record<string, unknown>) {
      return recordSettlement(tx, ctx, invoice, settle(settleable(invoice), kind, amount, SETTLEMENT, field), metadata);
    },

    /** Takes a payment or credit back off a locked invoice: balance restored, status back to SENT or PARTIALLY_PAID. */
    async releaseInTx(tx: Tx, ctx: RequestContext, invoice: InvoiceRow, kind: SettlementKind, amount: number, metadata: Record<string, unknown>) {
      return recordSettlement(tx, ctx, invoice, release(settleable(invoice), kind, amount, SETTLEMENT), metadata);
    },
  };
}
