import type { Gstr3b } from './gstr3b.schemas';

/*
 * GSTR-3B as spreadsheet rows: one row per figure set of the return, named by its table and
 * the portal's field, with the portal's column names and figures (rupees as the JSON has them);
 * a column a table has no figure for is empty.
 */

export const GSTR3B_COLUMNS = ['table', 'field', 'ty', 'pos', 'txval', 'iamt', 'camt', 'samt', 'csamt', 'inter', 'intra'] as const;

type Row = Record<string, string | number>;

const SUPPLIES = [['3.1(a)', 'osup_det'], ['3.1(b)', 'osup_zero'], ['3.1(c)', 'osup_nil_exmp'], ['3.1(d)', 'isup_rev'], ['3.1(e)', 'osup_nongst']] as const;
const INTER_STATE = ['unreg_details', 'comp_details', 'uin_details'] as const;

export function gstr3bRows(r: Gstr3b): Row[] {
  return [
    ...SUPPLIES.map(([table, field]) => ({ table, field, ...r.sup_details[field] })),
    ...INTER_STATE.flatMap((field) => r.inter_sup[field].map((s) => ({ table: '3.2', field, ...s }))),
    ...r.itc_elg.itc_avl.map((c) => ({ table: '4(A)', field: 'itc_avl', ...c })),
    ...r.itc_elg.itc_rev.map((c) => ({ table: '4(B)', field: 'itc_rev', ...c })),
    { table: '4(C)', field: 'itc_net', ...r.itc_elg.itc_net },
    ...r.itc_elg.itc_inelg.map((c) => ({ table: '4(D)', field: 'itc_inelg', ...c })),
    ...r.inward_sup.isup_details.map((s) => ({ table: '5', field: 'isup_details', ...s })),
  ];
}
