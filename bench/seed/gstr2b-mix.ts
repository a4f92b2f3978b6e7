import { gstr2bFile, type Doc2b, type Supplier2b } from '../../test/support/gstr2b-file';
import { planBill, type BillRole, type Vendor } from './bill-loader';
import { MONTH } from './invoice-mix';

/**
 * October 2026's GSTR-2B for the reconciliation benchmark, as many documents as the books have
 * bills: each bill the plan (bench/seed/bill-loader.ts) says 2B reports, written as its role says
 * (the same number; the same number written otherwise, `pb/12/2026-27` for `PB-000012`; another
 * number with the same amounts and date, for the matcher to suggest; the same number with ₹100
 * less of its largest head), and as many invoices the books lack as there are bills 2B does not
 * report, of an amount no bill has.
 */

export type Figures = { taxable_value: number; igst: number; cgst: number; sgst: number; cess: number };
export type ExpectedCounts = Record<'matched' | 'mismatched' | 'missing_in_books' | 'missing_in_2b' | 'suggested', number>;
/** Paise per head. */
export type Credit = Record<(typeof HEADS)[number], number>;

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;
const cents = (n: number) => Math.round(n * 100) / 100;
const none = (): Credit => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
const addTo = (into: Credit, doc: Doc2b) => { for (const h of HEADS) into[h] += Math.round((doc[h] ?? 0) * 100); };
/** Every role's status in the reconciliation. */
const STATUS: Record<BillRole, keyof ExpectedCounts> = { matched: 'matched', renumbered: 'matched', mismatched: 'mismatched', suggested: 'suggested', missing_in_2b: 'missing_in_2b' };

/**
 * `credit`: what GSTR-3B on the 2B basis must show (docs/rules/itc-reconciliation.md, "GSTR-3B from
 * 2B"): 4(A)(5) every document's credit (a mismatched one's, 2B's, being the lower), 4(B)(2) that of
 * the documents the books lack (a suggested pair is no pair until a person links it).
 * `figuresOf(vendorClass, kind)`: the books' figures of a kind of bill (rupees), as the reconciliation reads its template. */
export function gstr2bOfMonth(gstin: string, vendors: readonly Vendor[], total: number, figuresOf: (cls: number, kind: number) => Figures) {
  const expected: ExpectedCounts = { matched: 0, mismatched: 0, missing_in_books: 0, missing_in_2b: 0, suggested: 0 };
  const credit = { available: none(), reversed: none() };
  const docsOf = new Map<Vendor, Doc2b[]>();
  const add = (vendor: Vendor, doc: Doc2b, inBooks: boolean) => {
    addTo(credit.available, doc);
    if (!inBooks) addTo(credit.reversed, doc);
    const list = docsOf.get(vendor);
    if (list) list.push(doc);
    else docsOf.set(vendor, [doc]);
  };
  for (let b = 0; b < total; b++) {
    const plan = planBill(b, vendors);
    expected[STATUS[plan.role]]++;
    if (plan.role === 'missing_in_2b') continue;
    const f = figuresOf(plan.vendor.cls, plan.kind);
    const heads = { igst: f.igst, cgst: f.cgst, sgst: f.sgst, cess: f.cess };
    if (plan.role === 'mismatched') {
      const largest = HEADS.reduce((a, h) => (heads[h] > heads[a] ? h : a), 'igst');
      heads[largest] = cents(heads[largest] - 100);
    }
    const inum = plan.role === 'renumbered' ? `pb/${b + 1}/2026-27` : plan.role === 'suggested' ? `SX-${b + 1}` : plan.number;
    add(plan.vendor, { inum, dt: ddmmyyyy(plan.date), txval: f.taxable_value, ...heads }, plan.role !== 'suggested');
  }
  // The books lack these: ₹3,333 at 18%, from vendors in turn.
  for (let k = 0; k < expected.missing_in_2b; k++) {
    const vendor = vendors[(k * 13) % vendors.length]!;
    const day = `${MONTH.first.slice(0, 8)}${String((k % MONTH.days) + 1).padStart(2, '0')}`;
    const heads = vendor.cls === 0 ? { cgst: 299.97, sgst: 299.97 } : { igst: 599.94 };
    add(vendor, { inum: `PM-${k + 1}`, dt: ddmmyyyy(day), txval: 3_333, ...heads }, false);
    expected.missing_in_books++;
  }
  const b2b: Supplier2b[] = [...docsOf].map(([v, inv]) => ({ ctin: v.gstin, trdnm: v.name, supfildt: '11-11-2026', supprd: MONTH.period, inv }));
  return { file: gstr2bFile({ gstin, period: MONTH.period, gendt: '14-11-2026', b2b }), documents: total, expected, credit };
}
