import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, LocalDateSchema, Money, Text } from '../../http/schema-kit';

/** One rate's share of an open item as it was issued: the tax is stated, never recomputed. */
const OpenItemTax = Body({
  rate: Type.Number({ minimum: 0, maximum: 100, description: 'The GST rate in per cent (0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40)' }),
  taxable_value: Money({ minimum: 0 }),
  igst: Type.Optional(Money({ minimum: 0 })),
  cgst: Type.Optional(Money({ minimum: 0 })),
  sgst: Type.Optional(Money({ minimum: 0 })),
  cess: Type.Optional(Money({ minimum: 0 })),
});

/** An invoice or bill issued before the books start and not yet wholly settled. */
export const OpenItemInput = Body({
  type: Type.Union([Type.Literal('INVOICE'), Type.Literal('BILL')]),
  contact_id: Id('contact_id: the customer of an INVOICE, the vendor of a BILL'),
  number: Type.String({ minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9/-]+$', description: 'The number it was issued under (CGST rule 46(b)); a bill keeps the supplier\'s number' }),
  date: LocalDateSchema,
  due_date: Type.Optional(LocalDateSchema),
  place_of_supply: Text(60, 1),
  taxes: Type.Optional(Type.Array(OpenItemTax, {
    minItems: 1, maxItems: 20,
    description: 'Taxable value and tax per rate, as issued; absent when the old books kept only the amount (a Tally bill-wise opening): such an item can be paid, and a note against it states its own tax',
  })),
  total: Type.Optional({ ...Money({ exclusiveMinimum: 0 }), description: "What it was issued for, in rupees; default: its taxes' taxable values and tax added up, or open_amount without taxes" }),
  open_amount: Money({ exclusiveMinimum: 0 }),
});
export type OpenItemInput = Static<typeof OpenItemInput>;

/** Money a customer paid ahead (owed back or to be set off), or paid ahead to a vendor, when the books start. */
export const OpeningAdvanceInput = Body({
  type: Type.Union([Type.Literal('CUSTOMER'), Type.Literal('VENDOR')]),
  contact_id: Id('contact_id'),
  amount: Money({ exclusiveMinimum: 0 }),
  date: Type.Optional(LocalDateSchema),
  reference: Type.Optional(Text(100)),
});
export type OpeningAdvanceInput = Static<typeof OpeningAdvanceInput>;

/** An account's balance when the books start: a debit or a credit. */
export const OpeningAccountInput = Body({
  account_id: Id('account_id'),
  debit: Type.Optional(Money({ minimum: 0 })),
  credit: Type.Optional(Money({ minimum: 0 })),
});
export type OpeningAccountInput = Static<typeof OpeningAccountInput>;

/**
 * The organisation's balances as on its books_start_date (docs/rules/opening-balances.md): every
 * account's balance, the receivable and payable ones included, and the open items party by party
 * that make up those two.
 */
export const OpeningBalancesBody = Body({
  accounts: Type.Array(OpeningAccountInput, { maxItems: 5000 }),
  open_items: Type.Optional(Type.Array(OpenItemInput, { maxItems: 100_000 })),
  advances: Type.Optional(Type.Array(OpeningAdvanceInput, { maxItems: 100_000 })),
});
export type OpeningBalancesBody = Static<typeof OpeningBalancesBody>;
