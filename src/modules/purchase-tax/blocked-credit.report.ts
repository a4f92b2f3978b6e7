import type { Db } from '../../db/database';
import type { LocalDate } from '../../kernel/local-date';
import { sum, toRupees } from '../../kernel/money';
import { toBase } from '../documents/currency.rules';
import type { BlockedCreditQuery } from './blocked-credit.schemas';

/** Bills whose entry is posted and stands: a draft has none, a void one is reversed. */
const POSTED_BILL_STATUSES = ['OPEN', 'PARTIALLY_PAID', 'PAID'];

interface Row {
  document_type: 'BILL' | 'EXPENSE';
  document_id: string;
  document_number: string | null;
  date: LocalDate;
  vendor_id: string | null;
  vendor_name: string | null;
  line_item_id: string;
  position: number;
  account_id: string;
  itc_blocked_reason: string;
  is_rcm: boolean;
  /** Paise in the base currency. */
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

/**
 * Input tax credit blocked by CGST Act s.17(5), line by line: what GSTR-3B reports in 4(A) and
 * reverses in 4(B)(1). A bill line carries its own clause; an expense's clause covers each of
 * its lines. Only documents that stand in the books count, dated within the range (inclusive).
 * A foreign bill's amounts are each converted at its rate.
 */
export function blockedCreditReport(db: Db) {
  return async (orgId: string, query: BlockedCreditQuery) => {
    const [bills, expenses] = await Promise.all([billLines(db, orgId, query), expenseLines(db, orgId, query)]);
    const rows = [...bills, ...expenses].sort((a, b) => a.date.localeCompare(b.date) || a.document_type.localeCompare(b.document_type)
      || a.document_id.localeCompare(b.document_id) || a.position - b.position);
    const money = (r: { taxable: number; cgst: number; sgst: number; igst: number }) => ({
      taxable_value: toRupees(r.taxable), cgst: toRupees(r.cgst), sgst: toRupees(r.sgst), igst: toRupees(r.igst), tax: toRupees(r.cgst + r.sgst + r.igst),
    });
    const total = (key: 'taxable' | 'cgst' | 'sgst' | 'igst') => sum(rows.map((r) => r[key]));
    return {
      blocked_itc: {
        from_date: query.from_date ?? null,
        to_date: query.to_date ?? null,
        lines: rows.map((r) => ({
          document_type: r.document_type, document_id: r.document_id, document_number: r.document_number, date: r.date,
          vendor_id: r.vendor_id, vendor_name: r.vendor_name, line_item_id: r.line_item_id, account_id: r.account_id,
          itc_blocked_reason: r.itc_blocked_reason, is_rcm: r.is_rcm, ...money(r),
        })),
        totals: money({ taxable: total('taxable'), cgst: total('cgst'), sgst: total('sgst'), igst: total('igst') }),
      },
    };
  };
}

async function billLines(db: Db, orgId: string, range: BlockedCreditQuery): Promise<Row[]> {
  let q = db.selectFrom('bill_lines as l').innerJoin('bills as b', (j) => j.onRef('b.org_id', '=', 'l.org_id').onRef('b.bill_id', '=', 'l.bill_id'))
    .select(['b.bill_id', 'b.bill_number', 'b.bill_date', 'b.vendor_id', 'b.vendor_name', 'b.is_rcm', 'b.exchange_rate_micro',
      'l.line_item_id', 'l.position', 'l.account_id', 'l.itc_blocked_reason', 'l.item_total', 'l.cgst', 'l.sgst', 'l.igst'])
    .where('l.org_id', '=', orgId).where('l.itc_blocked_reason', 'is not', null).where('b.status', 'in', POSTED_BILL_STATUSES);
  if (range.from_date) q = q.where('b.bill_date', '>=', range.from_date);
  if (range.to_date) q = q.where('b.bill_date', '<=', range.to_date);
  return (await q.execute()).map((r) => {
    const base = (paise: number) => toBase(paise, r.exchange_rate_micro);
    return {
      document_type: 'BILL', document_id: r.bill_id, document_number: r.bill_number, date: r.bill_date, vendor_id: r.vendor_id, vendor_name: r.vendor_name,
      line_item_id: r.line_item_id, position: r.position, account_id: r.account_id, itc_blocked_reason: r.itc_blocked_reason!, is_rcm: r.is_rcm === 1,
      taxable: base(r.item_total), cgst: base(r.cgst), sgst: base(r.sgst), igst: base(r.igst),
    };
  });
}

async function expenseLines(db: Db, orgId: string, range: BlockedCreditQuery): Promise<Row[]> {
  let q = db.selectFrom('expense_lines as l').innerJoin('expenses as e', (j) => j.onRef('e.org_id', '=', 'l.org_id').onRef('e.expense_id', '=', 'l.expense_id'))
    .select(['e.expense_id', 'e.reference_number', 'e.expense_date', 'e.vendor_id', 'e.vendor_name', 'e.is_rcm', 'e.itc_blocked_reason',
      'l.line_item_id', 'l.position', 'l.account_id', 'l.item_total', 'l.cgst', 'l.sgst', 'l.igst'])
    .where('l.org_id', '=', orgId).where('e.itc_blocked_reason', 'is not', null).where('e.status', '=', 'RECORDED');
  if (range.from_date) q = q.where('e.expense_date', '>=', range.from_date);
  if (range.to_date) q = q.where('e.expense_date', '<=', range.to_date);
  return (await q.execute()).map((r) => ({
    document_type: 'EXPENSE', document_id: r.expense_id, document_number: r.reference_number, date: r.expense_date, vendor_id: r.vendor_id,
    vendor_name: r.vendor_name, line_item_id: r.line_item_id, position: r.position, account_id: r.account_id, itc_blocked_reason: r.itc_blocked_reason!,
    is_rcm: r.is_rcm === 1, taxable: r.item_total, cgst: r.cgst, sgst: r.sgst, igst: r.igst,
  }));
}
