import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';

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
  currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  exchange_rate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.000001 })),
  bank_charges: Type.Optional(Money({ minimum: 0 })),
  tds_amount: Type.Optional(Money({ minimum: 0 })),
  allocations: Type.Optional(Type.Array(AllocationInput, { maxItems: 200 })),
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
  currency_code: Type.String({ pattern: '^[A-Z]{3}$' }),
  exchange_rate: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000, multipleOf: 0.000001 }),
  bank_charges: Money({ minimum: 0 }),
}), { additionalProperties: false });
export type UpdatePaymentBody = Static<typeof UpdatePaymentBody>;

export const ListPaymentsQuery = Query({ ...CursorQuery, flow: Type.Optional(StringEnum(FLOWS)) });
export type ListPaymentsQuery = Static<typeof ListPaymentsQuery>;
