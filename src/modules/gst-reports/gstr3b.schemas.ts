import { Type, type Static } from '@sinclair/typebox';
import { Named, Strict } from '../../http/response-schemas';
import { GstinText, Query, ReportFormat } from '../../http/schema-kit';
import { Gstr1Query } from './gstr1.schemas';

/* GSTR-3B in the portal's JSON (docs/rules/returns-gstr1-gstr3b.md, "GSTR-3B"; CGST s.39, Rule 61); amounts in rupees. */

export const Gstr3bQuery = Query({
  gstin: GstinText,
  period: Gstr1Query.properties.period,
  format: ReportFormat('csv answers text/csv: a row per figure set (table, field, then the portal\'s columns)'),
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
