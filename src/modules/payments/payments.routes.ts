import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam, PathId } from '../../http/schema-kit';
import { RECONCILED } from '../../platform/banking/reconciled';
import { PERIOD_LOCKED } from '../../platform/orgs/period-lock.rules';
import { AppliedPayment, ApplyPaymentBody, CreatePaymentBody, ListPaymentsQuery, Payment, RefundAdvanceBody, RefundedAdvance, UpdatePaymentBody } from './payments.schemas';
import type { AdvanceRefundsService } from './advance-refunds.service';
import type { PaymentsService } from './payments.service';

const tags = ['Payments'];
const PaymentIdParam = IdParam('payment_id');

export function paymentsRoutes(payments: PaymentsService, refunds: AdvanceRefundsService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/payments', operationId: 'listPayments', summary: 'List payments, newest first', tags,
      access: 'Svc.payments.READ', query: ListPaymentsQuery,
      response: { payments: Type.Array(Payment), page_context: PageContext },
      handle: ({ ctx, query }) => payments.listPayments(ctx, query),
    }),
    route({
      method: 'GET', url: '/payments/:payment_id', operationId: 'getPayment', summary: 'Get a payment with its allocations', tags,
      access: 'Svc.payments.READ', params: PaymentIdParam, response: { payment: Payment },
      handle: ({ ctx, params }) => payments.getPayment(ctx, params.payment_id),
    }),
    route({
      method: 'POST', url: '/payments', operationId: 'createPayment', failsWithCodes: PERIOD_LOCKED, summary: 'Record a payment in or out, optionally applied to documents', tags,
      access: 'Svc.payments.CREATE', idempotency: 'required', body: CreatePaymentBody, status: 201, message: 'The payment has been recorded.',
      response: { payment: Payment },
      handle: ({ ctx, body }) => payments.createPayment(ctx, body),
    }),
    route({
      method: 'POST', url: '/payments/:payment_id/apply', operationId: 'applyPayment', failsWithCodes: PERIOD_LOCKED, summary: 'Apply a payment to one invoice or bill', tags,
      access: 'Svc.payments.UPDATE', idempotency: 'required', params: PaymentIdParam, body: ApplyPaymentBody, response: AppliedPayment,
      handle: ({ ctx, params, body }) => payments.applyPayment(ctx, params.payment_id, body),
    }),
    route({
      method: 'POST', url: '/payments/:payment_id/refunds', operationId: 'refundAdvance', failsWithCodes: PERIOD_LOCKED,
      summary: 'Refund (part of) an advance received that no invoice adjusted: a refund voucher, the tax on it taken back (CGST Rule 51)', tags,
      access: 'Svc.payments.CREATE', idempotency: 'required', params: PaymentIdParam, body: RefundAdvanceBody, status: 201,
      message: 'The advance has been refunded.', response: RefundedAdvance,
      handle: ({ ctx, params, body }) => refunds.refundAdvance(ctx, params.payment_id, body),
    }),
    route({
      method: 'PUT', url: '/payments/:payment_id', operationId: 'updatePayment', failsWithCodes: [...PERIOD_LOCKED, ...RECONCILED], summary: 'Update a payment (partial)', tags,
      access: 'Svc.payments.UPDATE', params: PaymentIdParam, body: UpdatePaymentBody, message: 'The payment has been updated.',
      response: { payment: Payment },
      handle: ({ ctx, params, body }) => payments.updatePayment(ctx, params.payment_id, body),
    }),
    route({
      method: 'DELETE', url: '/payments/:payment_id', operationId: 'deletePayment', failsWithCodes: [...PERIOD_LOCKED, ...RECONCILED], summary: 'Delete a payment: allocations released, journals reversed', tags,
      access: 'Svc.payments.DELETE', params: PaymentIdParam, message: 'The payment has been deleted.',
      response: { payment_id: Type.String() },
      handle: ({ ctx, params }) => payments.deletePayment(ctx, params.payment_id),
    }),
    route({
      method: 'DELETE', url: '/payments/:payment_id/allocations/:allocation_id', operationId: 'unapplyPaymentAllocation', failsWithCodes: PERIOD_LOCKED,
      summary: 'Unapply one allocation (mirror entry; document balance and status restored)', tags,
      access: 'Svc.payments.UPDATE', params: Type.Object({ payment_id: PathId('payment_id'), allocation_id: PathId('allocation_id') }),
      message: 'The allocation has been unapplied.', response: { payment: Payment },
      handle: ({ ctx, params }) => payments.unapplyAllocation(ctx, params.payment_id, params.allocation_id),
    }),
  ];
}
