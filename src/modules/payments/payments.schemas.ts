import { Type, type Static } from '@sinclair/typebox';
import { DocumentDate } from '../documents/documents.responses';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { ADVANCE_FOR } from './advance.rules';
import { Body, CursorQuery, DateOrDateTime, Id, Money, Nullable, Query, SearchQuery, StringEnum, Text, TWO_DECIMALS } from '../../http/schema-kit';

export const FLOWS = ['INCOMING', 'OUTGOING'] as const;
export const PAYMENT_TYPES = ['REGULAR', 'ADVANCE', 'REFUND'] as const;
export const MODES = ['CASH', 'BANK_TRANSFER', 'CHEQUE', 'UPI', 'CARD', 'OTHER'] as const;

const Positive = Money({ exclusiveMinimum: 0 });

export const AllocationInput = Body({
  invoice_id: Type.Optional(Id('invoice_id')),
  bill_id: Type.Optional(Id('bill_id')),
  amount: Positive,
});

export const CreatePaymentBody = Body({
  flow: StringEnum(FLOWS),
  contact_id: Id('contact_id'),
  date: DateOrDateTime,
  amount: Positive,
  mode: Type.Optional(StringEnum(MODES)),
  payment_type: Type.Optional(StringEnum(PAYMENT_TYPES)),
  reference_number: Type.Optional(Nullable(Text(100))),
  description: Type.Optional(Nullable(Text(1000))),
  bank_account_id: Type.Optional(Id('bank_account_id')),
  branch_id: Type.Optional(Id('branch_id')),
  currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.000001 })),
  bank_charges: Type.Optional(Money({ minimum: 0 })),
  tds_amount: Type.Optional(Money({ minimum: 0 })),
  allocations: Type.Optional(Type.Array(AllocationInput, { maxItems: 200 })),
  advance_for: Type.Optional(StringEnum(ADVANCE_FOR, 'A customer receipt that is an advance: SERVICES bears GST and gets a receipt voucher (CGST Rule 50), GOODS is only marked (Notification 66/2017-CT)')),
  place_of_supply: Type.Optional(Text(60, 1)),
  gst_rate: Type.Optional(Type.Number({ format: TWO_DECIMALS, exclusiveMinimum: 0, maximum: 40, description: 'Percent; 18 when not sent (Rule 50(1))' })),
});
export type CreatePaymentBody = Static<typeof CreatePaymentBody>;

/** Exactly three fields (spec): one of invoice_id or bill_id, and amount. */
export const ApplyPaymentBody = AllocationInput;
export type ApplyPaymentBody = Static<typeof ApplyPaymentBody>;

export const UpdatePaymentBody = Type.Partial(Body({
  flow: StringEnum(FLOWS),
  contact_id: Id('contact_id'),
  date: DateOrDateTime,
  amount: Positive,
  mode: StringEnum(MODES),
  reference_number: Nullable(Text(100)),
  description: Nullable(Text(1000)),
  bank_account_id: Id('bank_account_id'),
  branch_id: Id('branch_id'),
  currency_code: Type.String({ pattern: '^[A-Z]{3}$' }),
  exchange_rate: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.000001 }),
  bank_charges: Money({ minimum: 0 }),
}), { additionalProperties: false });
export type UpdatePaymentBody = Static<typeof UpdatePaymentBody>;

/** A refund of an advance received (CGST Rule 51). */
export const RefundAdvanceBody = Body({
  amount: Positive,
  date: DateOrDateTime,
  paid_through_account_id: Type.Optional(Id('The BANK or CASH account the refund is paid from; the receipt\'s own when not sent')),
  reference: Type.Optional(Nullable(Text(100))),
});
export type RefundAdvanceBody = Static<typeof RefundAdvanceBody>;

export const ListPaymentsQuery = Query({
  ...CursorQuery,
  flow: Type.Optional(StringEnum(FLOWS)),
  ...SearchQuery("the payment's reference number, its receipt voucher's number or its party's name"),
});
export type ListPaymentsQuery = Static<typeof ListPaymentsQuery>;

/** The document an allocation settles: exactly one of the two is set. */
const targetProperties = {
  invoice_id: NullableOf(Type.String({ description: 'Set when an incoming payment settles an invoice' })),
  bill_id: NullableOf(Type.String({ description: 'Set when an outgoing payment settles a bill' })),
};

const Allocation = Named('PaymentAllocation', Strict({
  allocation_id: Type.String(),
  ...targetProperties,
  amount: { ...Amount, description: 'What the allocation takes from the payment' },
}, 'A part of a payment applied to one invoice or bill.'));

/** A refund of (part of) an advance received (payments.presenter.ts presentRefund). */
export const AdvanceRefund = Named('AdvanceRefund', Strict({
  refund_id: Type.String(),
  refund_voucher_number: NullableOf(Type.String({ description: 'The refund voucher (CGST Rule 51); null for an advance for goods, which had no receipt voucher' })),
  date: DocumentDate,
  amount: { ...Amount, description: 'What was paid back, in the payment\'s currency' },
  paid_through_account_id: Type.String({ description: 'The bank or cash account the money left from' }),
  reference: NullableOf(Type.String()),
  taxable_amount: { ...Amount, description: 'The taxable value inside the amount refunded (an advance for services), else 0' },
  igst: Amount, cgst: Amount, sgst: Amount,
  created_time: Timestamp,
}, 'The part of an advance received paid back because the supply will not happen; the tax on it is taken back.'));

/** A payment (payments.presenter.ts presentPayment). */
export const Payment = Named('Payment', Strict({
  payment_id: Type.String(),
  flow: StringEnum(FLOWS, 'INCOMING: received from a customer; OUTGOING: paid to a vendor'),
  payment_type: StringEnum(PAYMENT_TYPES),
  contact_id: Type.String(),
  contact_name: Type.String(),
  date: DocumentDate,
  amount: Amount,
  mode: StringEnum(MODES),
  reference_number: NullableOf(Type.String()),
  description: NullableOf(Type.String()),
  currency_code: Type.String(),
  exchange_rate: Type.Number({ description: 'Rupees per unit of currency_code' }),
  bank_charges: Amount,
  tds_amount: Amount,
  bank_account_id: Type.String({ description: 'The bank or cash account the money moved through' }),
  branch_id: Type.String({ description: 'The branch (GST registration) whose books hold the money received or paid' }),
  allocations: Type.Array(Allocation, { description: 'The live allocations, oldest first; the unapplied balance is amount less their sum' }),
  advance_for: NullableOf(StringEnum(ADVANCE_FOR, 'Set on a customer receipt that is an advance')),
  receipt_voucher_number: NullableOf(Type.String({ description: 'The receipt voucher issued for an advance for services (CGST Rule 50)' })),
  advance_tax: NullableOf(Named('AdvanceTax', Strict({
    place_of_supply: Type.String({ description: 'IN-XX' }),
    supply_type: StringEnum(['INTRA', 'INTER'] as const),
    gst_rate: Type.Number({ description: 'Percent' }),
    taxable_amount: { ...Amount, description: 'The value inside the tax-inclusive advance (the part of the receipt that settled no invoice when it was recorded)' },
    igst: Amount, cgst: Amount, sgst: Amount,
  }, 'The GST paid on an advance for services when it was received.'))),
  refunds: Type.Array(AdvanceRefund, { description: 'The refunds of an advance received, oldest first; the unapplied balance is amount less the allocations and these' }),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A payment received from a customer or made to a vendor.'));

/** What POST /payments/{payment_id}/refunds made: the refund, and the payment with it. */
export const RefundedAdvance = { refund: AdvanceRefund, payment: Payment };

/** What POST /payments/{payment_id}/apply did (payments.service.ts applyPayment). */
export const AppliedPayment = {
  payment: Payment,
  allocation: Named('PaymentAllocationOutcome', Strict({
    ...targetProperties,
    allocated_amount: { ...Amount, description: "What came off the document's balance" },
    round_off_amount: { ...Amount, description: 'The part of the balance within the round-off tolerance, posted to Round Off' },
    already_applied: Type.Optional(Type.Literal(true, { description: 'Present when this allocation was already recorded and nothing changed' })),
  }, 'The outcome of applying a payment to one document.')),
};
