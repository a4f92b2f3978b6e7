import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { Body, CursorQuery, GstinText, Id, Query, ReportFormat, StringEnum, Text } from '../../http/schema-kit';
import { Gstr1Query } from '../gst-reports/gstr1.schemas';

/* GSTR-2B matched to the books (docs/rules/itc-reconciliation.md, "Matching"); amounts in rupees. */

export const MATCH_STATUSES = ['matched', 'mismatched', 'missing_in_books', 'missing_in_2b', 'suggested'] as const;
const BOOKS_TYPES = ['bill', 'expense', 'bill_of_entry', 'vendor_credit'] as const;
const SUPPLIER_DOCUMENT_TYPES = ['INV', 'CN', 'DN', 'BOE', 'ISDI', 'ISDC'] as const;

export const ReconciliationQuery = Query({
  gstin: GstinText,
  period: Gstr1Query.properties.period,
  status: Type.Optional(StringEnum(MATCH_STATUSES)),
  supplier_gstin: Type.Optional(GstinText),
  document_type: Type.Optional(StringEnum(SUPPLIER_DOCUMENT_TYPES)),
  ...CursorQuery,
  format: ReportFormat('csv answers text/csv: every row that matches the filters, a line each'),
});
export type ReconciliationQuery = Static<typeof ReconciliationQuery>;

export const SuppliersQuery = Query({ gstin: GstinText, period: Gstr1Query.properties.period });
export type SuppliersQuery = Static<typeof SuppliersQuery>;

export const LinkBody = Body({
  books_document_id: Type.Optional(Id('The document of the books to pair with this 2B row: a bill, expense, vendor credit or Bill of Entry; absent: confirm the suggested pair')),
  gstr2b_document_id: Type.Optional(Id('The 2B document to pair with this row of the books')),
  reason: Type.Optional(Text(500)),
});
export type LinkBody = Static<typeof LinkBody>;
export const UnlinkBody = Body({ reason: Type.Optional(Text(500)) });
export type UnlinkBody = Static<typeof UnlinkBody>;

const Heads = { igst: Amount, cgst: Amount, sgst: Amount, cess: Amount };
const Side = { document_number: Type.String(), document_date: Type.String({ format: 'date' }), taxable_value: Amount, ...Heads };

export const ReconciliationRow = Named('ReconciliationRow', Strict({
  reconciliation_id: Type.String({ description: "The 2B document's id, or the books document's when 2B does not report it: what link and unlink take" }),
  status: StringEnum(MATCH_STATUSES),
  basis: NullableOf(StringEnum(['number', 'amount_and_date', 'manual'] as const, 'How the pair was made')),
  cross_period: Type.Boolean({ description: 'The books date the document in another month than the 2B that reports it' }),
  supplier_gstin: NullableOf(Type.String()),
  supplier_name: NullableOf(Type.String()),
  document_type: StringEnum(SUPPLIER_DOCUMENT_TYPES),
  gstr2b: NullableOf(Strict({
    gstr2b_document_id: Type.String(), period: Type.String({ description: "The 2B's return period, MMYYYY" }), section: Type.String(), ...Side,
    itc_available: StringEnum(['Y', 'N', 'T'] as const), rejected: Type.Boolean({ description: 'Rejected in IMS (docRejdata): no credit' }),
    supplier_period: NullableOf(Type.String()), supplier_filed_on: NullableOf(Type.String({ format: 'date' })),
  })),
  books: NullableOf(Strict({ document_type: StringEnum(BOOKS_TYPES), document_id: Type.String(), ...Side })),
  differences: Type.Array(Strict({
    field: Type.String({ description: 'document_date, taxable_value, igst, cgst, sgst, cess or document_number' }),
    gstr2b: Type.Union([Type.String(), Type.Number()]), books: Type.Union([Type.String(), Type.Number()]),
  }), { description: 'Each field that differs beyond the tolerance, with both values (rupees for amounts)' }),
  eligible: Strict(Heads, "Credit the pair allows: 2B's where they match, the lower of the two per head where they differ, 0 when rejected or not in 2B"),
}));
export type ReconciliationRow = Static<typeof ReconciliationRow>;

const StatusCounts = Strict(Object.fromEntries(MATCH_STATUSES.map((s) => [s, Type.Integer()])) as Record<(typeof MATCH_STATUSES)[number], ReturnType<typeof Type.Integer>>);
export const ReconciliationTotals = Named('ReconciliationTotals', Strict({
  by_status: Type.Array(Strict({ status: StringEnum(MATCH_STATUSES), count: Type.Integer(), eligible: Strict(Heads) })),
  by_supplier: Type.Array(Strict({ supplier_gstin: NullableOf(Type.String()), supplier_name: NullableOf(Type.String()), count: Type.Integer(), statuses: StatusCounts, eligible: Strict(Heads) })),
}, 'Over every row of the period that matches the filters, not only this page'));

export const SupplierFiling = Named('SupplierFiling', Strict({
  supplier_gstin: Type.String(),
  supplier_name: NullableOf(Type.String()),
  filed: Type.Boolean({ description: "Whether the period's 2B carries any document of the supplier" }),
  supplier_period: NullableOf(Type.String({ description: 'The GSTR-1/IFF period the documents came in (supprd), the latest' })),
  filed_on: NullableOf(Type.String({ format: 'date', description: 'When the supplier filed it (supfildt), the latest' })),
  documents_in_gstr2b: Type.Integer(),
  missing_in_2b: Strict({
    count: Type.Integer(), ...Heads,
    documents: Type.Array(Strict({ document_type: StringEnum(BOOKS_TYPES), document_id: Type.String(), document_number: Type.String(), document_date: Type.String({ format: 'date' }), ...Heads })),
  }, "The books' documents of the period its filings do not report, and their credit"),
}));
