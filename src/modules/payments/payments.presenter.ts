import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { asDateTime, type SupplyType } from '../documents';
import type { AdvanceFor } from './advance.rules';
import type { AllocationRow, PaymentRow, RefundRow } from './payments.repository';

/** A payment as the API shows it (spec: Payment, Allocation). There is no unapplied_balance field: callers derive it. */
export function presentPayment(p: PaymentRow, allocations: readonly AllocationRow[], refunds: readonly RefundRow[] = []) {
  return {
    payment_id: p.payment_id,
    flow: p.flow,
    payment_type: p.payment_type,
    contact_id: p.contact_id,
    contact_name: p.contact_name,
    date: asDateTime(p.payment_date),
    amount: toRupees(p.amount),
    mode: p.mode,
    reference_number: p.reference_number,
    description: p.description,
    currency_code: p.currency_code,
    exchange_rate: p.exchange_rate_micro / 1_000_000,
    bank_charges: toRupees(p.bank_charges),
    tds_amount: toRupees(p.tds_amount),
    bank_account_id: p.bank_account_id,
    branch_id: p.branch_id,
    allocations: allocations.map((a) => ({
      allocation_id: a.allocation_id,
      invoice_id: a.invoice_id,
      bill_id: a.bill_id,
      amount: toRupees(a.amount),
    })),
    advance_for: p.advance_for as AdvanceFor | null,
    receipt_voucher_number: p.voucher_number,
    advance_tax: p.advance_for === 'SERVICES' ? {
      place_of_supply: p.advance_place_of_supply!, supply_type: p.advance_supply_type as SupplyType, gst_rate: p.advance_rate_centi! / 100,
      taxable_amount: toRupees(p.advance_taxable), igst: toRupees(p.advance_igst), cgst: toRupees(p.advance_cgst), sgst: toRupees(p.advance_sgst),
    } : null,
    refunds: refunds.map(presentRefund),
    created_time: isoTimestamp(new Date(p.created_time)),
    last_modified_time: isoTimestamp(new Date(p.last_modified_time)),
  };
}

/** A refund of an advance as the API shows it (payments.schemas.ts AdvanceRefund). */
export function presentRefund(r: RefundRow) {
  return {
    refund_id: r.refund_id,
    refund_voucher_number: r.voucher_number,
    date: asDateTime(r.refund_date),
    amount: toRupees(r.amount),
    paid_through_account_id: r.paid_through_account_id,
    reference: r.reference,
    taxable_amount: toRupees(r.advance_taxable), igst: toRupees(r.advance_igst), cgst: toRupees(r.advance_cgst), sgst: toRupees(r.advance_sgst),
    created_time: isoTimestamp(new Date(r.created_time)),
  };
}
