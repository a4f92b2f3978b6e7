import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, Id, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';

export const ITEM_TYPES = ['SERVICE', 'GOODS'] as const;

export const CreateItemBody = Body({
  name: Text(200, 1),
  sku: Type.Optional(Nullable(Text(100))),
  type: Type.Optional(StringEnum(ITEM_TYPES)),
  rate: Money({ minimum: 0 }),
  purchase_rate: Type.Optional(Nullable(Money({ minimum: 0 }))),
  tax_id: Type.Optional(Nullable(Id('tax_id'))),
  hsn_sac: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{4,8}$' }))),
  account_id: Type.Optional(Nullable(Id('account_id'))),
  purchase_account_id: Type.Optional(Nullable(Id('purchase_account_id'))),
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
