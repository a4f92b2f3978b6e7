import type { Gstr1, Gstr1Section } from './gstr1.schemas';

/* One section of GSTR-1 as spreadsheet rows: one row per item (or per row of a summed section), its parents' fields repeated. */

const TAX = ['rt', 'txval', 'iamt', 'camt', 'samt', 'csamt'];
const IGST = ['rt', 'txval', 'iamt', 'csamt'];
export const GSTR1_COLUMNS: Record<Gstr1Section, readonly string[]> = {
  b2b: ['ctin', 'inum', 'idt', 'val', 'pos', 'rchrg', 'inv_typ', 'num', ...TAX],
  b2cl: ['pos', 'inum', 'idt', 'val', 'num', ...IGST],
  b2cs: ['sply_ty', 'pos', 'typ', ...TAX],
  cdnr: ['ctin', 'ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'rchrg', 'inv_typ', 'num', ...TAX],
  cdnur: ['typ', 'ntty', 'nt_num', 'nt_dt', 'val', 'pos', 'num', ...IGST],
  exp: ['exp_typ', 'inum', 'idt', 'val', ...IGST],
  nil: ['sply_ty', 'nil_amt', 'expt_amt', 'ngsup_amt'],
  hsn: ['section', 'num', 'hsn_sc', 'desc', 'uqc', 'qty', ...TAX],
  doc_issue: ['doc_num', 'doc_typ', 'num', 'from', 'to', 'totnum', 'cancel', 'net_issue'],
};

type Row = Record<string, string | number>;

/** A record's scalar fields with each row of its nested list (or the fields of its nested object, as `itm_det`) added. */
function flatten(record: object): Row[] {
  let rows: Row[] = [{}];
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) rows = rows.flatMap((row) => value.flatMap((child: object) => flatten(child).map((c) => ({ ...row, ...c }))));
    else if (value !== null && typeof value === 'object') rows = rows.flatMap((row) => flatten(value).map((c) => ({ ...row, ...c })));
    else rows = rows.map((row) => ({ ...row, [key]: value as string | number }));
  }
  return rows;
}

export function gstr1Rows(gstr1: Gstr1, section: Gstr1Section): Row[] {
  if (section === 'hsn') return (['hsn_b2b', 'hsn_b2c'] as const).flatMap((part) => gstr1.hsn[part].map((row) => ({ section: part, ...row })));
  const value = gstr1[section];
  return Array.isArray(value) ? value.flatMap(flatten) : flatten(value).filter((row) => Object.keys(row).length > 0);
}
