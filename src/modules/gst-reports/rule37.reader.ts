import type { Db } from '../../db/database';
import type { Rule37Credit } from './gstr3b.builder';

interface Scope { orgId: string; branches: string[]; from: string; to: string }

/**
 * Rule 37's reversals and reclaims dated in the period, of bills the GSTIN's branches received
 * (docs/rules/returns-gstr1-gstr3b.md, "GSTR-3B"), summed by kind: GSTR-3B 4(B)(2), 4(A)(5) and 4(D)(1).
 */
export async function rule37OfPeriod(db: Db, s: Scope): Promise<Rule37Credit> {
  const rows = await db.selectFrom('itc_reversals as r')
    .innerJoin('bills as b', (j) => j.onRef('b.org_id', '=', 'r.org_id').onRef('b.bill_id', '=', 'r.bill_id'))
    .select(['r.kind', (eb) => eb.fn.sum<number>('r.igst').as('igst'), (eb) => eb.fn.sum<number>('r.cgst').as('cgst'),
      (eb) => eb.fn.sum<number>('r.sgst').as('sgst'), (eb) => eb.fn.sum<number>('r.cess').as('cess')])
    .where('r.org_id', '=', s.orgId).where('b.branch_id', 'in', s.branches).where('r.reversal_date', '>=', s.from).where('r.reversal_date', '<=', s.to)
    .groupBy('r.kind').execute();
  const of = (kind: string) => {
    const row = rows.find((r) => r.kind === kind);
    return { igst: Number(row?.igst ?? 0), cgst: Number(row?.cgst ?? 0), sgst: Number(row?.sgst ?? 0), cess: Number(row?.cess ?? 0) };
  };
  return { reversed: of('REVERSAL'), reclaimed: of('RECLAIM') };
}
