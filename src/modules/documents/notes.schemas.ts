import { Type, type Static } from '@sinclair/typebox';
import { Body, Id, Money, Nullable, Text } from '../../http/schema-kit';
import { PostingLineItemInput } from './line-items.schemas';

/**
 * A note's line: unbound, priced as an invoice or bill line (on a note naming its invoice or
 * bill, at one of its taxes and with an HSN: note-bindings.rules.ts) and posting, as theirs do,
 * to the account it names (else its item's, else the default); or bound to one of the parent's
 * lines, taking its account, crediting a quantity or an amount of taxable value; and whether the goods go
 * back into (or out of) stock.
 */
export const NoteLineItem = Body({
  ...PostingLineItemInput.properties,
  // No default: a bound line sends quantity or amount, and which one it sent must show.
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000, multipleOf: 0.001, description: 'Goods credited; 1 when a free-form line sends none' })),
  invoice_line_item_id: Type.Optional(Id("The invoice's line this line corrects (a note naming invoice_id); a line naming none is priced by its rate, at one of the invoice's taxes")),
  bill_line_item_id: Type.Optional(Id("The bill's line this line corrects (a note naming bill_id); a line naming none is priced by its rate, at one of the bill's taxes")),
  amount: Type.Optional({ ...Money({ minimum: 0.01 }), description: 'Taxable value credited without goods (a price revision or post-sale discount, s.34(1) CGST); bound lines only, instead of quantity' }),
  restock: Type.Optional(Type.Boolean({ description: 'The goods are returned to stock (sales) or sent back to the vendor (purchases); on a line naming no parent line, with item_id, it lowers the quantity in GSTR-1’s HSN table' })),
});
export type NoteLineItem = Static<typeof NoteLineItem>;

export const NoteLineItems = Type.Array(NoteLineItem, { minItems: 1, maxItems: 500 });

/** The header a note keeps editable while nothing is applied; amounts change by voiding and raising a new note. */
export const UpdateNoteBody = Body({
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type UpdateNoteBody = Static<typeof UpdateNoteBody>;
