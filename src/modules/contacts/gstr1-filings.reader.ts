import type { Db } from '../../db/database';

/**
 * Per supplier GSTIN, its latest GSTR-1 filing the current GSTR-2Bs show: the latest `supfildt` and
 * the period it filed (docs/rules/itc-reconciliation.md, "GSTR-2B in"). Read here, from the 2B
 * tables, because the module that uploads 2B reads contacts' documents itself.
 */
export async function lastGstr1Filings(db: Db, orgId: string, supplierGstins: readonly string[]): Promise<Map<string, { period: string; filed_on: string }>> {
  const latest = new Map<string, { period: string; filed_on: string }>();
  if (supplierGstins.length === 0) return latest;
  const rows = await db.selectFrom('gstr2b_documents as d')
    .innerJoin('gstr2b_returns as r', (j) => j.onRef('r.org_id', '=', 'd.org_id').onRef('r.gstr2b_id', '=', 'd.gstr2b_id'))
    .select(['d.supplier_gstin', 'd.supplier_period', 'd.supplier_filed_on'])
    .where('d.org_id', '=', orgId).where('d.supplier_gstin', 'in', supplierGstins).where('d.supplier_filed_on', 'is not', null)
    .where('d.supplier_period', 'is not', null).where('r.replaced_by', 'is', null)
    .distinct().execute();
  for (const row of rows) {
    const seen = latest.get(row.supplier_gstin!);
    if (!seen || row.supplier_filed_on! > seen.filed_on) latest.set(row.supplier_gstin!, { period: row.supplier_period!, filed_on: row.supplier_filed_on! });
  }
  return latest;
}
