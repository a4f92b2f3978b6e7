import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { GstinText, Query, ReportFormat, StringEnum } from '../../http/schema-kit';
import { Gstr1Query } from './gstr1.schemas';

/* GSTR-3B in the portal's JSON (docs/rules/returns-gstr1-gstr3b.md, "GSTR-3B"; CGST s.39, Rule 61); amounts in rupees. */

export const Gstr3bQuery = Query({
  gstin: GstinText,
  period: Gstr1Query.properties.period,
  format: ReportFormat('csv answers text/csv: a row per figure set (table, field, then the portal\'s columns)'),
  itc_basis: Type.Optional(StringEnum(['books', 'gstr2b'] as const, "Table 4 from the books (the default) or from the period's GSTR-2B, IMS actions and what matched the books (Circular 170/02/2022-GST); gstr2b also lists each document whose credit differs")),
});
export type Gstr3bQuery = Static<typeof Gstr3bQuery>;

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });
const Tax = { iamt: Rupees, camt: Rupees, samt: Rupees, csamt: Rupees };
const Supply = Strict({ txval: Rupees, ...Tax });
const Itc = (types: string[]) => Strict({ ty: Type.Union(types.map((t) => Type.Literal(t))), ...Tax });
const PosSupply = Strict({ pos: Type.String({ description: '2-digit state code of the place of supply' }), txval: Rupees, iamt: Rupees });

export const Gstr3b = Named('Gstr3b', Strict({
  gstin: Type.String(),
  ret_period: Type.String({ description: 'MMYYYY: the month, or the last month of the quarter' }),
  sup_details: Strict({
    osup_det: Supply, osup_zero: Supply, osup_nil_exmp: Supply, isup_rev: Supply, osup_nongst: Supply,
  }, '3.1: (a) taxable outward, (b) zero-rated, (c) nil and exempt, (d) inward under reverse charge, (e) non-GST'),
  inter_sup: Strict({
    unreg_details: Type.Array(PosSupply), comp_details: Type.Array(PosSupply), uin_details: Type.Array(PosSupply),
  }, '3.2: inter-state supplies to unregistered persons, composition dealers and UIN holders, by place of supply'),
  itc_elg: Strict({
    itc_avl: Type.Array(Itc(['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH']), { description: '4(A), blocked credit included' }),
    itc_rev: Type.Array(Itc(['RUL', 'OTH']), { description: '4(B): RUL reverses credit blocked by s.17(5)' }),
    itc_net: Strict(Tax, '4(C) = 4(A) − 4(B)'),
    itc_inelg: Type.Array(Itc(['RUL', 'OTH']), { description: '4(D)' }),
  }),
  inward_sup: Strict({
    isup_details: Type.Array(Strict({ ty: Type.Union([Type.Literal('GST'), Type.Literal('NONGST')]), inter: Rupees, intra: Rupees }), {
      description: '5: exempt, nil and composition inward supplies (GST) and non-GST ones, inter- and intra-state',
    }),
  }),
}));
export type Gstr3b = Static<typeof Gstr3b>;

const Credit = Strict({ igst: Rupees, cgst: Rupees, sgst: Rupees, cess: Rupees });
/** A document whose credit in the period differs between the books and the GSTR-2B basis (docs/rules/itc-reconciliation.md, "GSTR-3B from 2B"). */
export const ItcDifference = Named('ItcDifference', Strict({
  reason: Type.String({ description: 'not_in_gstr2b (deferred until a 2B reports it), in_later_gstr2b, booked_earlier, not_in_books and received_later (claimed and reversed in 4(B)(2)), received_now (reclaimed: 4(A)(5) and 4(D)(1)), amounts_differ (the lower of the two), rejected, pending, not_available, credit_note_reduction, isd_distribution (4(A)(4), which the books basis lacks)' }),
  supplier_gstin: NullableOf(Type.String()),
  document_type: Type.String({ description: 'INV, CN, DN, BOE, ISDI or ISDC' }),
  document_number: Type.String(),
  document_date: Type.String({ format: 'date' }),
  gstr2b_document_id: NullableOf(Type.String()),
  gstr2b_period: NullableOf(Type.String()),
  books_document_type: NullableOf(Type.String({ description: 'bill, expense, bill_of_entry or vendor_credit' })),
  books_document_id: NullableOf(Type.String()),
  books_credit: Credit,
  gstr2b_credit: Credit,
}));
export type ItcDifference = Static<typeof ItcDifference>;
