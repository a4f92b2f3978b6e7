import { Type, type Static } from '@sinclair/typebox';
import { Named, Strict } from '../../http/response-schemas';
import { GstinText, LocalDateSchema, Query, StringEnum } from '../../http/schema-kit';

/* GSTR-1's HSN summary and documents-issued tables (docs/rules/returns-gstr1-gstr3b.md, "HSN summary", "Documents issued") as reports of a date range; field names are the portal's. */

export const GstReportQuery = Query({
  gstin: GstinText,
  from_date: LocalDateSchema,
  to_date: LocalDateSchema,
  format: Type.Optional(StringEnum(['json', 'csv'] as const, 'csv answers text/csv: one header row, then the rows of the JSON answer (with a section column)')),
});
export type GstReportQuery = Static<typeof GstReportQuery>;

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });

const HsnRow = Strict({
  num: Type.Integer({ description: 'Serial number of the row in its section' }),
  hsn_sc: Type.Optional(Type.String({ description: 'HSN or SAC code; absent on a row of lines issued without one (B2C before May 2025)' })),
  desc: Type.String({ description: 'Description: the smallest line name of the row, at most 30 characters' }),
  uqc: Type.String({ description: 'GST unit (UQC); NA for a service' }),
  qty: Type.Number({ description: 'Quantity supplied less quantity credited; 0 for a service' }),
  rt: Type.Number({ description: 'GST rate, percent' }),
  txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees,
});
const HsnTotals = Strict({ txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees });
const HsnSection = Strict({ data: Type.Array(HsnRow), totals: HsnTotals });

export const HsnSummary = Named('HsnSummary', Strict({
  gstin: Type.String(),
  from_date: Type.String({ format: 'date' }),
  to_date: Type.String({ format: 'date' }),
  hsn_b2b: HsnSection,
  hsn_b2c: HsnSection,
}));

const DocSeries = Strict({
  num: Type.Integer(),
  series: Type.String({ description: "The shape of the series' numbers, each run of digits written # (INV-#-#-#); a row per series that issued them, numbers given by hand grouped by shape" }),
  from: Type.String(), to: Type.String(),
  totnum: Type.Integer(), cancel: Type.Integer(), net_issue: Type.Integer(),
});
const DocKind = Strict({
  doc_num: Type.Integer({ description: "GSTN's kind of document: 1 invoices for outward supply, 4 debit notes, 5 credit notes, 6 receipt vouchers, 8 refund vouchers, 9 challans for job work, 10 for supply on approval, 12 other than by way of supply" }),
  doc_typ: Type.String(),
  docs: Type.Array(DocSeries),
});

export const DocumentsIssued = Named('DocumentsIssued', Strict({
  gstin: Type.String(),
  from_date: Type.String({ format: 'date' }),
  to_date: Type.String({ format: 'date' }),
  doc_det: Type.Array(DocKind),
}));

export type HsnRow = Static<typeof HsnRow>;
export type HsnSummary = Static<typeof HsnSummary>;
export type DocumentsIssued = Static<typeof DocumentsIssued>;
