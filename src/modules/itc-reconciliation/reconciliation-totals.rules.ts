import { toRupees } from '../../kernel/money';
import type { TaxHeads } from './itc-documents';
import type { MatchStatus, Pair } from './matcher.rules';
import { reconciliationIdOf } from './reconciliation-row.rules';

/* The reconciliation's totals per status and per supplier, and each supplier's filing (docs/rules/itc-reconciliation.md, "Suppliers"). */

const STATUSES: readonly MatchStatus[] = ['matched', 'mismatched', 'missing_in_books', 'missing_in_2b', 'suggested'];
const none = (): TaxHeads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
const addTo = (into: TaxHeads, h: TaxHeads) => { into.igst += h.igst; into.cgst += h.cgst; into.sgst += h.sgst; into.cess += h.cess; };
const rupees = (h: TaxHeads) => ({ igst: toRupees(h.igst), cgst: toRupees(h.cgst), sgst: toRupees(h.sgst), cess: toRupees(h.cess) });
const supplierOf = (p: Pair) => (p.gstr2b ?? p.books)!.supplierGstin;

export function reconciliationTotals(rows: readonly Pair[]) {
  const byStatus = new Map(STATUSES.map((s) => [s, { count: 0, eligible: none() }]));
  const bySupplier = new Map<string | null, { name: string | null; count: number; statuses: Record<MatchStatus, number>; eligible: TaxHeads }>();
  for (const p of rows) {
    const status = byStatus.get(p.status)!;
    status.count++;
    addTo(status.eligible, p.eligible);
    const gstin = supplierOf(p);
    const supplier = bySupplier.get(gstin) ?? { name: null, count: 0, statuses: Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<MatchStatus, number>, eligible: none() };
    supplier.name ??= p.gstr2b?.supplierName ?? p.books?.supplierName ?? null;
    supplier.count++;
    supplier.statuses[p.status]++;
    addTo(supplier.eligible, p.eligible);
    bySupplier.set(gstin, supplier);
  }
  return {
    by_status: STATUSES.map((status) => ({ status, count: byStatus.get(status)!.count, eligible: rupees(byStatus.get(status)!.eligible) })),
    by_supplier: [...bySupplier].sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))
      .map(([gstin, s]) => ({ supplier_gstin: gstin, supplier_name: s.name, count: s.count, statuses: s.statuses, eligible: rupees(s.eligible) })),
  };
}

/** Per supplier of the period: whether its filings reached this 2B, when, and the books' documents they leave out. */
export function supplierFilings(rows: readonly Pair[]) {
  const suppliers = new Map<string, { name: string | null; period: string | null; filedOn: string | null; inGstr2b: number; missing: Pair[] }>();
  for (const p of rows) {
    const gstin = supplierOf(p);
    if (gstin === null) continue;
    const s = suppliers.get(gstin) ?? { name: null, period: null, filedOn: null, inGstr2b: 0, missing: [] };
    s.name ??= p.gstr2b?.supplierName ?? p.books?.supplierName ?? null;
    if (p.gstr2b) {
      s.inGstr2b++;
      if (p.gstr2b.supplierFiledOn !== null && (s.filedOn === null || p.gstr2b.supplierFiledOn > s.filedOn)) [s.filedOn, s.period] = [p.gstr2b.supplierFiledOn, p.gstr2b.supplierPeriod];
    } else if (p.books) s.missing.push(p);
    suppliers.set(gstin, s);
  }
  return [...suppliers].sort(([a], [b]) => a.localeCompare(b)).map(([gstin, s]) => {
    const credit = none();
    for (const p of s.missing) addTo(credit, p.books!);
    return {
      supplier_gstin: gstin, supplier_name: s.name, filed: s.inGstr2b > 0, supplier_period: s.period, filed_on: s.filedOn, documents_in_gstr2b: s.inGstr2b,
      missing_in_2b: {
        count: s.missing.length, ...rupees(credit),
        documents: s.missing.map((p) => ({
          document_type: p.books!.type, document_id: reconciliationIdOf(p), document_number: p.books!.documentNumber, document_date: p.books!.documentDate, ...rupees(p.books!),
        })),
      },
    };
  });
}
