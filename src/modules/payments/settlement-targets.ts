import type { Tx } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { BillsService } from '../bills';
import type { InvoicesService } from '../invoices';
import type { AllocationRow, PaymentRow } from './payments.repository';

export interface DocumentRef {
  side: 'invoice' | 'bill';
  id: string;
}

/** A locked invoice or bill, seen the same way whichever it is: invoices and bills answer identically (spec). */
export interface SettlementTarget extends DocumentRef {
  number: string;
  date: string;
  contactId: string;
  /** The branch whose books hold the document's receivable or payable. */
  branchId: string;
  currency: string;
  exchangeRateMicro: number;
  balance: number;
  /** Refuses a payment of another contact or currency. */
  assertPayable(payment: PaymentRow, field: string): void;
  settle(tx: Tx, ctx: RequestContext, amount: number, field: string, metadata: Record<string, unknown>): Promise<unknown>;
  release(tx: Tx, ctx: RequestContext, amount: number, metadata: Record<string, unknown>): Promise<unknown>;
}

export const documentSide = (a: Pick<AllocationRow, 'invoice_id' | 'bill_id'>): DocumentRef =>
  a.invoice_id ? { side: 'invoice', id: a.invoice_id } : { side: 'bill', id: a.bill_id! };

type Port = 'lockForSettlement' | 'settleInTx' | 'releaseInTx';

export function targetOf(deps: { invoices: Pick<InvoicesService, Port>; bills: Pick<BillsService, Port> }) {
  return {
    async lock(tx: Tx, orgId: string, ref: DocumentRef, field: string): Promise<SettlementTarget> {
      const assertPayable = (contactId: string, currency: string) => (payment: PaymentRow, at: string) => {
        if (contactId !== payment.contact_id) throw invalidValue(at, `this ${ref.side} belongs to another contact than the payment`);
        if (currency !== payment.currency_code) throw invalidValue(at, `this ${ref.side} is in ${currency}; the payment is in ${payment.currency_code}`);
      };
      if (ref.side === 'invoice') {
        let row = await deps.invoices.lockForSettlement(tx, orgId, ref.id, field);
        return {
          ...ref, number: row.invoice_number, date: row.invoice_date, contactId: row.customer_id, branchId: row.branch_id, currency: row.currency_code,
          exchangeRateMicro: row.exchange_rate_micro, balance: row.balance, assertPayable: assertPayable(row.customer_id, row.currency_code),
          settle: async (t, ctx, amount, at, metadata) => (row = await deps.invoices.settleInTx(t, ctx, row, 'payment', amount, at, metadata)),
          release: async (t, ctx, amount, metadata) => (row = await deps.invoices.releaseInTx(t, ctx, row, 'payment', amount, metadata)),
        };
      }
      let row = await deps.bills.lockForSettlement(tx, orgId, ref.id, field);
      return {
        ...ref, number: row.bill_number, date: row.bill_date, contactId: row.vendor_id, branchId: row.branch_id, currency: row.currency_code,
        exchangeRateMicro: row.exchange_rate_micro, balance: row.balance, assertPayable: assertPayable(row.vendor_id, row.currency_code),
        settle: async (t, ctx, amount, at, metadata) => (row = await deps.bills.settleInTx(t, ctx, row, 'payment', amount, at, metadata)),
        release: async (t, ctx, amount, metadata) => (row = await deps.bills.releaseInTx(t, ctx, row, 'payment', amount, metadata)),
      };
    },
  };
}
