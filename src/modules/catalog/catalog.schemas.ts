import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { HSN_DIGITS, HSN_PATTERN, type HsnDigits as HsnDigitsValue } from './hsn.rules';
import { ACCOUNT_TYPES, TAX_SUPPLY_TYPES } from '../../platform/orgs/chart-of-accounts';
import { Body, CursorQuery, Id, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';

export const ITEM_TYPES = ['SERVICE', 'GOODS'] as const;

/** The hsnDigits preference (Notification 78/2020-CT), in the preferences' request and answer. */
export const HsnDigits = Type.Unsafe<HsnDigitsValue>({
  type: 'integer', enum: [...HSN_DIGITS],
  description: 'Fewest HSN/SAC digits on invoice and credit note lines: 4 (turnover up to ₹5 crore; B2B lines only), 6 (above it; every line) or 8 (every line)',
});

export const CreateItemBody = Body({
  name: Text(200, 1),
  sku: Type.Optional(Nullable(Text(100))),
  type: Type.Optional(StringEnum(ITEM_TYPES)),
  rate: Money({ minimum: 0 }),
  purchase_rate: Type.Optional(Nullable(Money({ minimum: 0 }))),
  tax_id: Type.Optional(Nullable(Id('tax_id'))),
  hsn_sac: Type.Optional(Nullable(Type.String({ pattern: HSN_PATTERN, description: 'HSN (goods) or SAC (services, starting with 99): 4, 6 or 8 digits' }))),
  unit: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 10, description: 'A GST unit (UQC) such as NOS, KGS or BOX, the default of a goods line of this item; a service reports NA' }))),
  account_id: Type.Optional(Nullable(Id('account_id: the income account a sales line credits (SALES, INCOME or OTHER_INCOME)'))),
  purchase_account_id: Type.Optional(Nullable(Id('purchase_account_id: the account a purchase line debits (EXPENSE, OTHER_EXPENSE, COST_OF_GOODS_SOLD, STOCK, FIXED_ASSET or OTHER_CURRENT_ASSET)'))),
});
export type CreateItemBody = Static<typeof CreateItemBody>;

export const ListItemsQuery = Query({ ...CursorQuery });
export type ListItemsQuery = Static<typeof ListItemsQuery>;

export const ListAccountsQuery = Query({
  ...CursorQuery,
  account_type: Type.Optional(Type.String({
    pattern: '^[A-Z_]+(,[A-Z_]+)*$', maxLength: 400,
    description: 'One account type, or several separated by commas (e.g. BANK,CASH for accounts money can be paid through)',
  })),
});
export type ListAccountsQuery = Static<typeof ListAccountsQuery>;

/** What names an account wherever one is shown (here, and each row of the trial balance). */
export const accountProperties = {
  account_id: Type.String(),
  account_name: Type.String(),
  account_code: NullableOf(Type.String()),
  account_type: StringEnum(ACCOUNT_TYPES),
};

export const Account = Named('Account', Strict({
  ...accountProperties,
  system_key: NullableOf(Type.String({ description: 'The role of an account every organisation is created with (e.g. the receivable); null for others' })),
  is_active: Type.Boolean(),
}, 'An account of the chart of accounts.'));

export const Tax = Named('Tax', Strict({
  tax_id: Type.String(),
  tax_name: Type.String(),
  tax_percentage: Type.Number({ description: 'The GST rate in percent (18 for 18%)' }),
  supply_type: StringEnum(TAX_SUPPLY_TYPES, 'TAXABLE (at 0%: zero-rated), NIL_RATED, EXEMPT or NON_GST; the GST returns report each kind apart'),
}, 'A GST rate lines can carry.'));

/** A branch's postal address, shaped like a contact's billing_address; its state is the branch's. */
export const BranchAddress = Named('BranchAddress', Strict({
  address: NullableOf(Type.String({ description: 'Address lines, separated by newlines' })),
  city: NullableOf(Type.String()),
  state_code: Type.String({ description: "The branch's state (ISO 3166-2:IN)" }),
  zip: NullableOf(Type.String({ description: 'PIN code' })),
  country: NullableOf(Type.String()),
}, "A branch's postal address: the supplier's address on PDFs and e-invoices."));

export const Branch = Named('Branch', Strict({
  branch_id: Type.String(),
  name: Type.String(),
  state_code: Type.String({ description: "The branch's state: the supplier's place for GST, so a place of supply in the same state is intra-state (CGST+SGST)" }),
  gstin: NullableOf(Type.String()),
  address: NullableOf(BranchAddress),
  is_default: Type.Boolean({ description: 'The branch documents use when they name none' }),
}, 'A place of business of the organisation.'));

export const Item = Named('Item', Strict({
  item_id: Type.String(),
  name: Type.String(),
  sku: NullableOf(Type.String()),
  type: StringEnum(ITEM_TYPES),
  rate: { ...Amount, description: 'The rate of a sales line of this item unless the line names one' },
  purchase_rate: NullableOf({ ...Amount, description: 'The rate of a purchase line; null uses `rate`' }),
  tax_id: NullableOf(Type.String({ description: 'The tax a line of this item carries unless the line names one' })),
  hsn_sac: NullableOf(Type.String()),
  unit: NullableOf(Type.String({ description: 'The GST unit (UQC) of a goods item; NA for a service; null when none was given' })),
  account_id: NullableOf(Type.String({ description: 'The income account of a sales line' })),
  purchase_account_id: NullableOf(Type.String({ description: 'The expense account of a purchase line' })),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A good or service sold or bought.'));
