import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, DateOrDateTime, Id, LocalDateSchema, Money, Nullable, Query, SearchQuery, StringEnum, Text, TWO_DECIMALS } from '../../http/schema-kit';
import { DocumentDate, lineItemProperties, partyProperty, totalsProperties } from '../documents/documents.responses';
import { ItcBlockedReason } from '../documents/purchase-tax.schemas';
import { EXPENSE_MODES, MODE_ALIASES } from './expenses.rules';

const ExpenseLine = Body({
  account_id: Type.Optional(Nullable(Id('account_id: overrides the header account'))),
  amount: Money({ exclusiveMinimum: 0 }),
  tax_id: Type.Optional(Nullable(Id('tax_id: overrides the header tax; null means untaxed'))),
  note: Type.Optional(Nullable(Text(500))),
});

const Mode = StringEnum([...EXPENSE_MODES, ...Object.keys(MODE_ALIASES)], 'CASH, BANK_TRANSFER (default), CHEQUE, UPI, CARD, OTHER; BANK means BANK_TRANSFER');
const RcmRate = Type.Number({ exclusiveMinimum: 0, maximum: 100, format: TWO_DECIMALS, description: 'reverse-charge GST rate in percent, at most two decimals, e.g. 5 or 18' });

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
  ...SearchQuery("the expense's reference number or its vendor's name"),
  vendor_id: Type.Optional(Id('vendor_id')),
  account_id: Type.Optional(Id('account_id: expenses with a line on this account')),
  paid_through_account_id: Type.Optional(Id('paid_through_account_id')),
  date_from: Type.Optional(LocalDateSchema),
  date_to: Type.Optional(LocalDateSchema),
});
export type ListExpensesQuery = Static<typeof ListExpensesQuery>;

/** The tax columns an expense line shows as a document line does. */
const { tax_id, tax_percentage, item_total, tax_amount, cgst_amount, sgst_amount, igst_amount } = lineItemProperties;

/** An expense's totals: a document's, but for compensation cess, which an expense does not carry. */
const { cess_total: _cessTotal, ...expenseTotals } = totalsProperties;

/** An expense's line (expenses.presenter.ts presentExpenseLine). */
const ExpenseLineItem = Named('ExpenseLineItem', Strict({
  line_item_id: Type.String(),
  account_id: Type.String({ description: "The account charged: the line's own, or the expense's account_id" }),
  amount: { ...Amount, description: 'As entered: tax included when the expense is is_inclusive_tax' },
  tax_id: { ...tax_id, description: "The tax applied: the line's own, or the expense's tax_id; null when untaxed" },
  tax_percentage,
  item_total: { ...item_total, description: 'Net of tax' },
  tax_amount,
  cgst_amount,
  sgst_amount,
  igst_amount,
  total: { ...Amount, description: 'What this line took out of the paid-through account' },
  note: NullableOf(Type.String()),
}, 'A line of an expense.'));

/** An expense (expenses.presenter.ts presentExpense). */
export const Expense = Named('Expense', Strict({
  expense_id: Type.String(),
  date: DocumentDate,
  account_id: NullableOf(Type.String({ description: 'The expense ledger; null when every line names its own' })),
  paid_through_account_id: Type.String({ description: 'The BANK or CASH account the money left' }),
  amount: { ...Amount, description: 'The amounts as entered, all lines together' },
  mode: StringEnum(EXPENSE_MODES),
  reference_number: NullableOf(Type.String()),
  vendor_id: NullableOf(Type.String()),
  vendor_name: NullableOf(Type.String()),
  ...partyProperty,
  tax_id: NullableOf(Type.String()),
  is_inclusive_tax: Type.Boolean(),
  branch_id: Type.String(),
  place_of_supply: Type.String(),
  is_rcm: Type.Boolean({ description: 'Reverse charge: the organisation self-assesses the tax' }),
  rcm_rate: NullableOf(Type.Number({ description: 'The reverse-charge GST rate in percent' })),
  itc_blocked_reason: NullableOf(ItcBlockedReason),
  line_items: Type.Array(ExpenseLineItem),
  ...expenseTotals,
  total: { ...Amount, description: 'What left the paid-through account; under reverse charge the amount alone, tax_total being the tax owed on it' },
  status: Type.Literal('RECORDED', { description: 'Always RECORDED: a deleted expense reads as 404' }),
  notes: NullableOf(Type.String()),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'Money spent and recorded against an expense ledger, with its GST.'));
