import { businessDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import { assertConvertible } from '../documents';
import type { LedgerService } from '../ledger';
import type { SeriesService } from '../series';
import { advanceTaxLines, refundLines } from './advance.posting';
import { assertRefundable } from './advance-refund.rules';
import { advanceTaxAccounts, advanceTaxColumns, advanceTaxOfRow, takenBackBy } from './advance-tax';
import { bankAccount, loadPayment, touchPayment, viewPayment } from './payment-records';
import { presentRefund } from './payments.presenter';
import { paymentsRepository as repo, type RefundRow } from './payments.repository';
import type { RefundAdvanceBody } from './payments.schemas';

type Deps = Pick<PlatformDeps, 'uow' | 'clock' | 'ids' | 'activity'> & {
  ledger: LedgerService;
  series: Pick<SeriesService, 'takeNumber'>;
};

/** Refunds of advances received. Each is one transaction: refund, voucher, journal, the payment's new version and activity. */
export function advanceRefundsService(deps: Deps) {
  const now = () => deps.clock.now().toISOString();

  return {
    /**
     * Pays back (part of) an advance received that no invoice adjusted (CGST Rule 51): a refund
     * voucher for an advance that had a receipt voucher, the entry paying it out with the tax on
     * it taken back, and the payment's unapplied balance reduced by it.
     */
    async refundAdvance(ctx: RequestContext, paymentId: string, input: RefundAdvanceBody) {
      return deps.uow(ctx, async (tx) => {
        const payment = await loadPayment(tx, ctx.orgId, paymentId, true);
        const amount = toPaise(input.amount);
        const date = businessDateOf(input.date);
        assertRefundable({ flow: payment.flow, advanceFor: payment.advance_for, receivedOn: payment.payment_date, unadjusted: payment.unapplied_amount }, { amount, date });
        assertConvertible([amount], payment.exchange_rate_micro, 'amount');
        await assertWithinBooks(tx, ctx.orgId, date, 'date');
        const refund: RefundRow = {
          org_id: ctx.orgId, refund_id: deps.ids.next('rfd'), payment_id: paymentId, branch_id: payment.branch_id, refund_date: date, amount,
          ...advanceTaxColumns(await takenBackBy(tx, payment, amount)),
          paid_through_account_id: await bankAccount(tx, ctx.orgId, input.paid_through_account_id ?? payment.bank_account_id, 'paid_through_account_id'),
          reference: input.reference || null, voucher_number: null, voucher_series_id: null, created_time: now(),
        };
        if (payment.voucher_number !== null) {
          // CGST Rule 51: a refund voucher, numbered in its own series per registration and year (docs/rules/numbering.md).
          const voucher = await deps.series.takeNumber(tx, ctx, { documentType: 'refund_voucher', seriesName: 'default', branchId: payment.branch_id, date, documentId: refund.refund_id });
          refund.voucher_number = voucher.number;
          refund.voucher_series_id = voucher.seriesId;
        }
        await repo.insertRefund(tx, refund);
        const accounts = await advanceTaxAccounts(tx, ctx.orgId);
        await deps.ledger.post(tx, ctx, {
          date, source: 'PAYMENT', sourceId: refund.refund_id, sourceVersion: 1, sourceRef: refund.voucher_number ?? refund.reference,
          memo: `Refund of advance to ${payment.contact_name}`, contactId: payment.contact_id, branchId: payment.branch_id,
          lines: refundLines(amount, payment.exchange_rate_micro, payment.contact_id, { advances: accounts.advances, bank: refund.paid_through_account_id })
            .concat(advanceTaxLines(advanceTaxOfRow(refund), payment.contact_id, accounts, payment.branch_id, true)),
        }, { newSource: true }); // the refund was made just above
        const touched = await touchPayment(tx, payment, payment.unapplied_amount - amount, now());
        await deps.activity.record(tx, ctx, {
          entityType: 'PAYMENT', entityId: paymentId, entityRef: payment.reference_number, verb: 'UPDATED',
          metadata: { refund_id: refund.refund_id, refund_voucher_number: refund.voucher_number, refunded: toRupees(amount) },
        });
        return { refund: presentRefund(refund), payment: await viewPayment(tx, touched) };
      });
    },
  };
}

export type AdvanceRefundsService = ReturnType<typeof advanceRefundsService>;
