import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, Money, Nullable, Text } from '../../http/schema-kit';

/** A line of an invoice, bill, estimate or order as a caller sends it (spec: Line item). */
export const LineItemInput = Body({
  item_id: Type.Optional(Nullable(Id('item_id'))),
  name: Type.Optional(Text(200, 1)),
  description: Type.Optional(Nullable(Text(2000))),
  hsn_or_sac: Type.Optional(Nullable(Type.String({ pattern: '^[0-9]{4,8}$' }))),
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, multipleOf: 0.001, default: 1 })),
  unit: Type.Optional(Nullable(Text(20))),
  rate: Type.Optional(Money({ minimum: 0 })),
  discount: Type.Optional(Money({ minimum: 0 })),
  tax_id: Type.Optional(Nullable(Id('tax_id'))),
});
export type LineItemInput = Static<typeof LineItemInput>;

export const LineItems = Type.Array(LineItemInput, { minItems: 1, maxItems: 500 });
