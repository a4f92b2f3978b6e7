import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, Strict } from '../../http/response-schemas';
import { Body, Id, Money, Nullable, StringEnum, Text } from '../../http/schema-kit';
import { Expense } from '../expenses';
import { Journal } from '../ledger';
import { Payment } from '../payments';
import { CREATE_TYPES, ENTRY_MODES } from './create-from-line.rules';

/* POST /bank_transactions/{id}/create (docs/rules/banking.md, "Create from a line"). */

const Allocation = Body({
  invoice_id: Type.Optional(Id('invoice_id: a receipt (money in) settles invoices')),
  bill_id: Type.Optional(Id('bill_id: a payment (money out) settles bills')),
  amount: Money({ exclusiveMinimum: 0 }),
});

const JournalLine = Body({
  account_id: Id('account_id'),
  debit: Type.Optional(Money({ minimum: 0 })),
  credit: Type.Optional(Money({ minimum: 0 })),
  description: Type.Optional(Nullable(Text(500))),
});

export const CreateFromLineBody = Body({
  type: Type.Optional(StringEnum(CREATE_TYPES, "What the line is: PAYMENT (money in: a receipt, out: a payment), EXPENSE, TRANSFER (to or from another BANK or CASH account) or JOURNAL; the rule's when rule_id is sent")),
  rule_id: Type.Optional(Id("rule_id: make what this rule says; the body's other fields override the rule's")),
  contact_id: Type.Optional(Nullable(Id("contact_id: the payment's contact, the expense's vendor, or the journal's contact"))),
  account_id: Type.Optional(Id("account_id: the expense's account, the transfer's other BANK or CASH account, or a journal's other side")),
  tax_id: Type.Optional(Nullable(Id("tax_id: the expense's tax; credit is taken only when the vendor has a GSTIN"))),
  mode: Type.Optional(StringEnum(ENTRY_MODES)),
  description: Type.Optional(Nullable(Text(1000))),
  allocations: Type.Optional(Type.Array(Allocation, { maxItems: 200, description: 'A payment applied to invoices (money in) or bills (money out)' })),
  is_inclusive_tax: Type.Optional(Type.Boolean({ description: "An expense's amount includes its tax; true unless gst_line_id pairs the bank's separate GST line" })),
  gst_line_id: Type.Optional(Id("gst_line_id: the bank's separate GST line of a charge; the one expense is matched to both lines")),
  lines: Type.Optional(Type.Array(JournalLine, { minItems: 2, maxItems: 500, description: "A JOURNAL's lines; their net on the line's account is the line's amount" })),
  branch_id: Type.Optional(Id('branch_id')),
});
export type CreateFromLineBody = Static<typeof CreateFromLineBody>;

export const CreatedFromLine = Named('CreatedFromLine', Strict({
  bank_transaction_ids: Type.Array(Type.String(), { description: 'The lines matched to the entry: the line, and its GST line when paired' }),
  match_group_id: Type.String(),
  type: StringEnum(CREATE_TYPES),
  source: Type.String({ description: "The entry's journal source: PAYMENT, EXPENSE, or MANUAL for a transfer or journal" }),
  source_id: Type.String({ description: 'The payment, expense, or manual journal (its source_id) made' }),
  amount: { ...Amount, description: "What the entry posted to the line's account: + in, − out" },
  bank_rule_id: Type.Union([Type.String(), Type.Null()], { description: 'The rule followed, if any' }),
}, 'An entry made from a bank line and matched to it.'));

export const CreateFromLineAnswer = {
  created: CreatedFromLine,
  payment: Type.Optional(Payment),
  expense: Type.Optional(Expense),
  journal: Type.Optional(Journal),
};
