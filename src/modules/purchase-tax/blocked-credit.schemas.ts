import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { LocalDateSchema, Query, ReportFormat, StringEnum } from '../../http/schema-kit';
import { ItcBlockedReason } from '../documents/purchase-tax.schemas';

export const BlockedCreditQuery = Query({
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
  format: ReportFormat('csv answers text/csv: a row per line, then a TOTAL row'),
});
export type BlockedCreditQuery = Static<typeof BlockedCreditQuery>;

const taxAmounts = {
  taxable_value: { ...Amount, description: 'The line net of tax, in the base currency' },
  cgst: Amount,
  sgst: Amount,
  igst: Amount,
  tax: { ...Amount, description: 'cgst + sgst + igst: the credit not taken, added to the line\'s account' },
};

/** One document line whose credit section 17(5) blocks (blocked-credit.report.ts). */
const BlockedCreditLine = Named('BlockedCreditLine', Strict({
  document_type: StringEnum(['BILL', 'EXPENSE'] as const),
  document_id: Type.String(),
  document_number: NullableOf(Type.String({ description: "The bill's number, or the expense's reference_number" })),
  date: LocalDateSchema,
  vendor_id: NullableOf(Type.String()),
  vendor_name: NullableOf(Type.String()),
  line_item_id: Type.String(),
  account_id: Type.String({ description: 'The account the tax was added to' }),
  itc_blocked_reason: ItcBlockedReason,
  is_rcm: Type.Boolean({ description: 'Reverse charge: the tax is owed all the same' }),
  ...taxAmounts,
}, 'A purchase line whose input tax credit is blocked.'));

export const BlockedCredit = Named('BlockedCredit', Strict({
  from_date: NullableOf(LocalDateSchema),
  to_date: NullableOf(LocalDateSchema),
  lines: Type.Array(BlockedCreditLine, { description: 'By date, then document, then line' }),
  totals: Strict(taxAmounts, 'The lines summed'),
}, 'Input tax credit blocked by CGST Act section 17(5) on posted bills and recorded expenses, per line with its clause.'));
