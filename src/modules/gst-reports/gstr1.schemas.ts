import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { GstinText, Query, ReportFormat, StringEnum } from '../../http/schema-kit';

/* GSTR-1 in the portal's offline-tool JSON (docs/rules/returns-gstr1-gstr3b.md, "GSTR-1"; CGST s.37, Rule 59); field names are the portal's. */

export const GSTR1_SECTIONS = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur', 'exp', 'nil', 'hsn', 'doc_issue'] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

export const Gstr1Query = Query({
  gstin: GstinText,
  period: Type.String({ pattern: '^((0[1-9]|1[0-2])\\d{4}|\\d{4}-Q[1-4])$', description: 'MMYYYY for a month (082024 is August 2024), or YYYY-Qn for a quarter of the financial year starting April YYYY (2024-Q2 is July to September 2024)' }),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, 'csv answers text/csv for one section: a header row, then a row per item with its document fields repeated')),
  section: Type.Optional(StringEnum(GSTR1_SECTIONS, 'The section format=csv answers; required with it')),
});
export type Gstr1Query = Static<typeof Gstr1Query>;

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });
const Pos = Type.String({ description: 'Place of supply, 2-digit state code (96 a foreign country, 97 other territory)' });
const ReturnDate = Type.String({ description: 'DD-MM-YYYY' });
const Rate = Type.Number({ description: 'GST rate, percent' });
const FullItem = Strict({ num: Type.Integer(), itm_det: Strict({ rt: Rate, txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees }) });
const IgstItem = Strict({ num: Type.Integer(), itm_det: Strict({ rt: Rate, txval: Rupees, iamt: Rupees, csamt: Rupees }) });
const InvoiceType = Type.Union(['R', 'SEWP', 'SEWOP', 'DE'].map((v) => Type.Literal(v)), { description: 'R regular, SEWP/SEWOP SEZ with/without payment, DE deemed export' });
const Invoice = { inum: Type.String(), idt: ReturnDate, val: Rupees };
const Note = { ntty: Type.Literal('C'), nt_num: Type.String(), nt_dt: ReturnDate, val: Rupees, pos: Pos };
const Rchrg = StringEnum(['Y', 'N'], 'Reverse charge: Y when the recipient pays the tax (Table 4B; a note follows its invoice)');

const HsnRow = Strict({
  num: Type.Integer(), hsn_sc: Type.Optional(Type.String({ description: 'Absent on a row of lines issued without a code (B2C before May 2025)' })), desc: Type.String({ maxLength: 30 }), uqc: Type.String(), qty: Type.Number(), rt: Rate,
  txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees,
});
const DocSeries = Strict({ num: Type.Integer(), from: Type.String(), to: Type.String(), totnum: Type.Integer(), cancel: Type.Integer(), net_issue: Type.Integer() });

/** A row of Table 11 (`at`, `txpd`): by place of supply and supply type, an item per rate. */
const AdvanceRow = Strict({
  pos: Pos, sply_ty: Type.Union([Type.Literal('INTRA'), Type.Literal('INTER')]),
  itms: Type.Array(Strict({ rt: Rate, ad_amt: { ...Rupees, description: 'The taxable value of the advance, tax excluded' }, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees })),
});

export const Gstr1 = Named('Gstr1', Strict({
  gstin: Type.String(),
  fp: Type.String({ description: 'MMYYYY: the month, or the last month of the quarter' }),
  b2b: Type.Array(Strict({ ctin: Type.String(), inv: Type.Array(Strict({ ...Invoice, pos: Pos, rchrg: Rchrg, inv_typ: InvoiceType, itms: Type.Array(FullItem) })) }),
    { description: 'Invoices to registered recipients, SEZ units and deemed-export buyers, by GSTIN' }),
  b2cl: Type.Array(Strict({ pos: Pos, inv: Type.Array(Strict({ ...Invoice, itms: Type.Array(IgstItem) })) }),
    { description: 'Inter-state invoices to unregistered recipients above ₹1,00,000 (₹2,50,000 before 1 August 2024)' }),
  b2cs: Type.Array(Strict({
    sply_ty: Type.Union([Type.Literal('INTRA'), Type.Literal('INTER')]), pos: Pos, typ: Type.Literal('OE'), rt: Rate,
    txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees,
  }), { description: 'Every other supply to unregistered recipients, summed; credit notes to them net here' }),
  cdnr: Type.Array(Strict({ ctin: Type.String(), nt: Type.Array(Strict({ ...Note, rchrg: Rchrg, inv_typ: InvoiceType, itms: Type.Array(FullItem) })) }),
    { description: 'Credit notes issued to registered recipients, amounts positive' }),
  cdnur: Type.Array(Strict({
    typ: Type.Union(['B2CL', 'EXPWP', 'EXPWOP'].map((v) => Type.Literal(v))), ...Note,
    pos: Type.Optional(Type.String({ description: 'B2CL notes only (2-digit state code): the portal refuses a place of supply on a note against an export' })),
    itms: Type.Array(IgstItem),
  }),
    { description: 'Credit notes against a b2cl invoice or an export, amounts positive' }),
  exp: Type.Array(Strict({
    exp_typ: Type.Union([Type.Literal('WPAY'), Type.Literal('WOPAY')]),
    inv: Type.Array(Strict({ ...Invoice, itms: Type.Array(Strict({ rt: Rate, txval: Rupees, iamt: Rupees, csamt: Rupees })) })),
  }), { description: 'Exports with or without payment of IGST, in INR' }),
  nil: Strict({ inv: Type.Array(Strict({
    sply_ty: Type.Union(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'].map((v) => Type.Literal(v))),
    nil_amt: Rupees, expt_amt: Rupees, ngsup_amt: Rupees,
  })) }, 'Nil-rated, exempt and non-GST supplies, net of credit notes'),
  at: Type.Optional(Type.Array(AdvanceRow, { description: 'Table 11A: tax on advances for services received in the period and not adjusted against an invoice by its end, ad_amt the taxable value; absent when there is none' })),
  txpd: Type.Optional(Type.Array(AdvanceRow, { description: 'Table 11B: tax on advances of earlier periods adjusted against invoices in the period; absent when there is none' })),
  hsn: Strict({ hsn_b2b: Type.Array(HsnRow), hsn_b2c: Type.Array(HsnRow) }, 'The HSN summary, B2B and B2C apart'),
  doc_issue: Strict({ doc_det: Type.Array(Strict({ doc_num: Type.Integer(), doc_typ: Type.String(), docs: Type.Array(DocSeries) })) }, 'Documents issued, a row per issuing series; voided ones and deleted drafts counted as cancelled'),
}));
export type Gstr1 = Static<typeof Gstr1>;

export const Gstr1SummaryQuery = Query({
  gstin: GstinText, period: Gstr1Query.properties.period,
  format: ReportFormat('csv answers text/csv: a row per section with its totals (the reconciliation is in the JSON answer)'),
});
export type Gstr1SummaryQuery = Static<typeof Gstr1SummaryQuery>;

export const Gstr1Summary = Named('Gstr1Summary', Strict({
  gstin: Type.String(),
  fp: Type.String({ description: 'MMYYYY: the month, or the last month of the quarter' }),
  sections: Type.Array(Strict({
    section: Type.String(),
    documents: Type.Integer({ description: 'Documents in the section (b2cs: its rows)' }),
    txval: Rupees, iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees,
  }), { description: 'The totals of the taxed sections, notes positive as the portal shows them' }),
  reconciliation: Strict({
    return_tax: { ...Rupees, description: "IGST + CGST + SGST the return's sections carry as built, per document, credit notes subtracted (a head a section has no field for is not carried)" },
    books_tax: { ...Rupees, description: "The movement (credit less debit) on the registration's CGST, SGST and IGST output ledgers in the period" },
    difference: Rupees,
    differences: Type.Array(Strict({
      source: Type.String({ description: 'INVOICE, CREDIT_NOTE, or what posted the entry (a manual journal…)' }),
      source_id: Type.String(), number: NullableOf(Type.String()),
      return_tax: Rupees, books_tax: Rupees, difference: Rupees,
    }), { description: 'Every source whose tax in the return and in the books differ' }),
  }),
}));
export type Gstr1Summary = Static<typeof Gstr1Summary>;
