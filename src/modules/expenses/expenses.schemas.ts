import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, LocalDateSchema, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
import { EXPENSE_MODES, ITC_BLOCKED_REASONS, MODE_ALIASES } from './expenses.rules';

const ExpenseLine = Body({
  account_id: Type.Optional(Nullable(Id('account_id: overrides the header account'))),
  amount: Money({ exclusiveMinimum: 0 }),
  tax_id: Type.Optional(Nullable(Id('tax_id: overrides the header tax; null means untaxed'))),
  note: Type.Optional(Nullable(Text(500))),
});

const Mode = StringEnum([...EXPENSE_MODES, ...Object.keys(MODE_ALIASES)], 'CASH, BANK_TRANSFER (default), CHEQUE, UPI, CARD, OTHER; BANK means BANK_TRANSFER');
const RcmRate = Type.Number({ exclusiveMinimum: 0, maximum: 100, multipleOf: 0.01, description: 'reverse-charge GST rate in percent, e.g. 5 or 18' });
const ItcBlockedReason = StringEnum(ITC_BLOCKED_REASONS, 'the CGST Act section 17(5) clause that blocks the credit');

/** The fields create and update share; update makes every one optional and leaves out what cannot change. */
const fields = {
  account_id: Nullable(Id('account_id: the expense ledger; optional when every line names one')),
  paid_through_account_id: Id('paid_through_account_id: a BANK or CASH account'),
  amount: Money({ exclusiveMinimum: 0 }),
  mode: Mode,
  reference_number: Nullable(Text(100)),
  vendor_id: Nullable(Id('vendor_id')),
  tax_id: Nullable(Id('tax_id')),
  is_inclusive_tax: Type.Boolean(),
  notes: Nullable(Text(5000)),
  branch_id: Id('branch_id'),
  line_items: Type.Array(ExpenseLine, { minItems: 1, maxItems: 100 }),
  is_rcm: Type.Boolean(),
  rcm_rate: Nullable(RcmRate),
  itc_blocked_reason: Nullable(ItcBlockedReason),
};

export const CreateExpenseBody = Body({
  date: DateOrDateTime,
  paid_through_account_id: fields.paid_through_account_id,
  account_id: Type.Optional(fields.account_id),
  amount: Type.Optional(fields.amount),
  mode: Type.Optional(fields.mode),
  reference_number: Type.Optional(fields.reference_number),
  vendor_id: Type.Optional(fields.vendor_id),
  tax_id: Type.Optional(fields.tax_id),
  is_inclusive_tax: Type.Optional(fields.is_inclusive_tax),
  notes: Type.Optional(fields.notes),
  place_of_supply: Type.Optional(Text(60, 1)),
  branch_id: Type.Optional(fields.branch_id),
  line_items: Type.Optional(fields.line_items),
  is_rcm: Type.Optional(fields.is_rcm),
  rcm_rate: Type.Optional(fields.rcm_rate),
  itc_blocked_reason: Type.Optional(fields.itc_blocked_reason),
});
export type CreateExpenseBody = Static<typeof CreateExpenseBody>;

/**
 * Partial: only sent fields change. line_items, when sent, replace the lines; place_of_supply
 * null derives it again from the vendor or the branch.
 */
export const UpdateExpenseBody = Body({
  date: Type.Optional(DateOrDateTime),
  paid_through_account_id: Type.Optional(fields.paid_through_account_id),
  account_id: Type.Optional(fields.account_id),
  amount: Type.Optional(fields.amount),
  mode: Type.Optional(fields.mode),
  reference_number: Type.Optional(fields.reference_number),
  vendor_id: Type.Optional(fields.vendor_id),
  tax_id: Type.Optional(fields.tax_id),
  is_inclusive_tax: Type.Optional(fields.is_inclusive_tax),
  notes: Type.Optional(fields.notes),
  place_of_supply: Type.Optional(Nullable(Text(60, 1))),
  branch_id: Type.Optional(fields.branch_id),
  line_items: Type.Optional(fields.line_items),
  is_rcm: Type.Optional(fields.is_rcm),
  rcm_rate: Type.Optional(fields.rcm_rate),
  itc_blocked_reason: Type.Optional(fields.itc_blocked_reason),
});
export type UpdateExpenseBody = Static<typeof UpdateExpenseBody>;

export const ListExpensesQuery = Query({
  ...CursorQuery,
  vendor_id: Type.Optional(Id('vendor_id')),
  account_id: Type.Optional(Id('account_id: expenses with a line on this account')),
  paid_through_account_id: Type.Optional(Id('paid_through_account_id')),
  date_from: Type.Optional(LocalDateSchema),
  date_to: Type.Optional(LocalDateSchema),
});
export type ListExpensesQuery = Static<typeof ListExpensesQuery>;
