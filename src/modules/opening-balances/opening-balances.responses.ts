import { Type } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';

/* The opening as GET and POST /opening_balances answer it (docs/rules/opening-balances.md). */

const Day = Type.String({ format: 'date' });

const OpeningAccount = Strict({ account_id: Type.String(), debit: Amount, credit: Amount });

const OpeningItem = Strict({
  type: Type.Union([Type.Literal('INVOICE'), Type.Literal('BILL')]),
  invoice_id: NullableOf(Type.String({ description: 'The invoice it became (INVOICE)' })),
  bill_id: NullableOf(Type.String({ description: 'The bill it became (BILL)' })),
  contact_id: Type.String(),
  number: Type.String(),
  date: Day,
  due_date: Day,
  place_of_supply: Type.String(),
  total: Amount,
  open_amount: { ...Amount, description: 'What was still open when the books started (its balance then)' },
});

const OpeningAdvance = Strict({
  type: Type.Union([Type.Literal('CUSTOMER'), Type.Literal('VENDOR')]),
  payment_id: Type.String({ description: 'The payment it is kept as: apply it with POST /payments/{payment_id}/apply' }),
  contact_id: Type.String(),
  amount: Amount,
  date: Day,
  reference: NullableOf(Type.String()),
});

export const OpeningBalances = Named('OpeningBalances', Strict({
  opening_balance_id: Type.String(),
  date: { ...Day, description: "The opening entry's date: the day before the books start" },
  journal_id: Type.String({ description: 'The opening entry (source OPENING_BALANCE)' }),
  version: Type.Integer({ description: 'One more at each replacement' }),
  accounts: Type.Array(OpeningAccount),
  open_items: Type.Array(OpeningItem),
  advances: Type.Array(OpeningAdvance),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, "The organisation's balances when its books start"));
