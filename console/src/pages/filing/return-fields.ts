import { TAX_FIELDS, type Field } from './field-columns';

/* The columns of the tables GSTR-1 and the GST reports share, by the portal's field names. */

const RATE: Field = ['rt', 'Rate %', 'number'];

/** GSTR-1 Table 12 and GET /reports/hsn_summary: a row per HSN or SAC, unit and rate. */
export const HSN_FIELDS: readonly Field[] = [
  ['num', 'Row', 'number'], ['hsn_sc', 'HSN or SAC'], ['desc', 'Description'], ['uqc', 'Unit'], ['qty', 'Quantity', 'number'], RATE, ...TAX_FIELDS,
];

/** GSTR-1 Table 13 and GET /reports/documents_issued: a row per kind of document and series. */
export const DOC_ISSUE_FIELDS: readonly Field[] = [
  ['doc_num', 'Kind', 'number'], ['doc_typ', 'Document'], ['num', 'Row', 'number'], ['from', 'First number'], ['to', 'Last number'],
  ['totnum', 'Issued', 'number'], ['cancel', 'Cancelled', 'number'], ['net_issue', 'Net issued', 'number'],
];

const IGST_ITEM: readonly Field[] = [RATE, ['txval', 'Taxable value', 'rupees'], ['iamt', 'IGST', 'rupees'], ['csamt', 'Cess', 'rupees']];
const INVOICE: readonly Field[] = [['inum', 'Invoice'], ['idt', 'Date', 'date'], ['val', 'Invoice value', 'rupees']];
const NOTE: readonly Field[] = [['ntty', 'Credit or debit'], ['nt_num', 'Note'], ['nt_dt', 'Date', 'date'], ['val', 'Note value', 'rupees']];
const ADVANCE: readonly Field[] = [
  ['pos', 'Place of supply'], ['sply_ty', 'Supply type'], RATE, ['ad_amt', 'Advance (taxable value)', 'rupees'],
  ['iamt', 'IGST', 'rupees'], ['camt', 'CGST', 'rupees'], ['samt', 'SGST', 'rupees'], ['csamt', 'Cess', 'rupees'],
];

/** Each table of GSTR-1 the console lists: the portal's section name, what it holds, and its columns. */
export const GSTR1_TABLES = {
  b2b: ['Invoices to registered recipients (4A, 4B, 6B, 6C)', [['ctin', 'Recipient GSTIN'], ...INVOICE, ['pos', 'Place of supply'], ['rchrg', 'Reverse charge'], ['inv_typ', 'Type'], RATE, ...TAX_FIELDS]],
  b2cl: ['Large inter-state invoices to unregistered recipients (5)', [['pos', 'Place of supply'], ...INVOICE, ...IGST_ITEM]],
  b2cs: ['Other supplies to unregistered recipients (7)', [['sply_ty', 'Supply type'], ['pos', 'Place of supply'], ['typ', 'Type'], RATE, ...TAX_FIELDS]],
  cdnr: ['Notes to registered recipients (9B)', [['ctin', 'Recipient GSTIN'], ...NOTE, ['pos', 'Place of supply'], ['rchrg', 'Reverse charge'], ['inv_typ', 'Type'], RATE, ...TAX_FIELDS]],
  cdnur: ['Notes to unregistered recipients (9B)', [['typ', 'Type'], ...NOTE, ['pos', 'Place of supply'], ...IGST_ITEM]],
  exp: ['Exports (6A)', [['exp_typ', 'Export type'], ...INVOICE, ['sbpcode', 'Port'], ['sbnum', 'Shipping bill'], ['sbdt', 'Shipping bill date', 'date'], ...IGST_ITEM]],
  at: ['Advances received (11A)', ADVANCE],
  txpd: ['Advances adjusted (11B)', ADVANCE],
  nil: ['Nil-rated, exempt and non-GST supplies (8)', [['sply_ty', 'Supply type'], ['nil_amt', 'Nil-rated', 'rupees'], ['expt_amt', 'Exempt', 'rupees'], ['ngsup_amt', 'Non-GST', 'rupees']]],
  hsn_b2b: ['HSN summary, to registered recipients (12)', HSN_FIELDS],
  hsn_b2c: ['HSN summary, to unregistered recipients (12)', HSN_FIELDS],
  doc_issue: ['Documents issued (13)', DOC_ISSUE_FIELDS],
} as const satisfies Record<string, readonly [string, readonly Field[]]>;

export type Gstr1Table = keyof typeof GSTR1_TABLES;
