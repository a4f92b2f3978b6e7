import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, Money, Nullable, Text, TWO_DECIMALS } from '../../http/schema-kit';
import { HSN_PATTERN } from '../catalog';

/** A line of an invoice, bill, estimate or order as a caller sends it (spec: Line item). */
export const LineItemInput = Body({
  item_id: Type.Optional(Nullable(Id('item_id'))),
  name: Type.Optional(Text(200, 1)),
  description: Type.Optional(Nullable(Text(2000))),
  hsn_or_sac: Type.Optional(Nullable(Type.String({ pattern: HSN_PATTERN, description: 'HSN (goods) or SAC (services, starting with 99): 4, 6 or 8 digits' }))),
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, multipleOf: 0.001, default: 1 })),
  unit: Type.Optional(Nullable(Type.String({ maxLength: 20, description: "A GST unit (UQC) such as NOS, KGS or BOX, upper-cased; default: the item's. A service line (SAC, or a service item) reports NA" }))),
  rate: Type.Optional(Money({ minimum: 0 })),
  discount: Type.Optional(Money({ minimum: 0 })),
  tax_id: Type.Optional(Nullable(Id('tax_id'))),
  cess_rate: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, format: TWO_DECIMALS, description: 'Compensation cess, ad valorem, in percent of the taxable value; only on a supply dated before the cess ended (22 September 2025; 1 February 2026 for tobacco and pan masala). Default 0' })),
  cess_per_unit: Type.Optional({ ...Money({ minimum: 0 }), description: 'Compensation cess per unit of quantity (specific), in rupees; with cess_rate both apply. Default 0' }),
});
/** A line as the pricer takes it: a line of an invoice or bill may also name the account it posts to. */
export type LineItemInput = Static<typeof LineItemInput> & { account_id?: string | null };

/**
 * A line of an invoice or bill: it may name the account it posts to, of the document's kind
 * (an income account on a sale, a purchase account on a bill); else the item's, else Sales or Purchases.
 */
export const PostingLineItemInput = Body({
  ...LineItemInput.properties,
  account_id: Type.Optional(Nullable(Id('account_id: the account this line posts to, instead of its item\'s or the default'))),
});

export const LineItems = Type.Array(LineItemInput, { minItems: 1, maxItems: 500 });

export const PostingLineItems = Type.Array(PostingLineItemInput, { minItems: 1, maxItems: 500 });
