import { Type, type Static } from '@sinclair/typebox';
import { Body, Nullable, Text } from '../../http/schema-kit';
import { LineItemInput } from './line-items.schemas';

/** A note's line: an invoice or bill line, and whether the goods go back into (or out of) stock. */
export const NoteLineItem = Body({
  ...LineItemInput.properties,
  restock: Type.Optional(Type.Boolean({ description: 'The goods are returned to stock (sales) or sent back to the vendor (purchases)' })),
});
export type NoteLineItem = Static<typeof NoteLineItem>;

export const NoteLineItems = Type.Array(NoteLineItem, { minItems: 1, maxItems: 500 });

/** The header a note keeps editable while nothing is applied; amounts change by voiding and raising a new note. */
export const UpdateNoteBody = Body({
  reference_number: Type.Optional(Nullable(Text(100))),
  notes: Type.Optional(Nullable(Text(5000))),
});
export type UpdateNoteBody = Static<typeof UpdateNoteBody>;
