import type { Db } from '../../db/database';
import { stateCodeOfIso } from '../../kernel/gst/place-of-supply';
import type { AdjustmentEntry, AdvanceEntry } from './gstr1-advances.builder';

interface Scope { orgId: string; branches: string[]; from: string; to: string }

const TAX_COLUMNS = ['p.advance_place_of_supply', 'p.advance_supply_type', 'p.advance_rate_centi', 'p.voucher_number'] as const;

/**
 * The tax on advances for services of one registration's branches in a period
 * (docs/rules/returns-gstr1-gstr3b.md, "Advances received"), as the books post it: each receipt
 * dated in the period (`received`), and each adjustment against an invoice or refund of the
 * advance (CGST Rule 51) dated in it (`adjusted`, by its journal's source), marked `earlier` when
 * its advance was received before the period. Deleted receipts and released allocations are
 * reversed in the books and left out here.
 */
export async function advancesOfPeriod(db: Db, s: Scope): Promise<{ received: AdvanceEntry[]; adjusted: AdjustmentEntry[] }> {
  const [receipts, adjustments, refunds] = await Promise.all([
    db.selectFrom('payments as p')
      .select(['p.payment_id as id', ...TAX_COLUMNS, 'p.advance_taxable', 'p.advance_igst', 'p.advance_cgst', 'p.advance_sgst'])
      .where('p.org_id', '=', s.orgId).where('p.advance_for', '=', 'SERVICES').where('p.branch_id', 'in', s.branches).where('p.deleted', '=', 0)
      .where('p.payment_date', '>=', s.from).where('p.payment_date', '<=', s.to).orderBy('p.payment_date').orderBy('p.payment_id').execute(),
    db.selectFrom('payment_allocations as a')
      .innerJoin('payments as p', (j) => j.onRef('p.org_id', '=', 'a.org_id').onRef('p.payment_id', '=', 'a.payment_id'))
      .select(['a.allocation_id as id', ...TAX_COLUMNS, 'p.payment_date', 'a.advance_taxable', 'a.advance_igst', 'a.advance_cgst', 'a.advance_sgst'])
      .where('a.org_id', '=', s.orgId).where('p.advance_for', '=', 'SERVICES').where('p.branch_id', 'in', s.branches).where('a.released', '=', 0)
      .where('a.applied_date', '>=', s.from).where('a.applied_date', '<=', s.to).where('a.advance_taxable', '>', 0).orderBy('a.allocation_id').execute(),
    db.selectFrom('advance_refunds as a')
      .innerJoin('payments as p', (j) => j.onRef('p.org_id', '=', 'a.org_id').onRef('p.payment_id', '=', 'a.payment_id'))
      .select(['a.refund_id as id', ...TAX_COLUMNS, 'p.payment_date', 'a.advance_taxable', 'a.advance_igst', 'a.advance_cgst', 'a.advance_sgst'])
      .where('a.org_id', '=', s.orgId).where('p.advance_for', '=', 'SERVICES').where('a.branch_id', 'in', s.branches)
      .where('a.refund_date', '>=', s.from).where('a.refund_date', '<=', s.to).where('a.advance_taxable', '>', 0).orderBy('a.refund_id').execute(),
  ]);
  type Row = (typeof receipts)[number];
  const entryOf = (r: Row): AdvanceEntry => ({
    id: r.id, number: r.voucher_number, pos: stateCodeOfIso(r.advance_place_of_supply ?? '') ?? '', supplyType: r.advance_supply_type === 'INTRA' ? 'INTRA' : 'INTER',
    rateCenti: r.advance_rate_centi ?? 0, taxable: Number(r.advance_taxable), igst: Number(r.advance_igst), cgst: Number(r.advance_cgst), sgst: Number(r.advance_sgst),
  });
  return {
    received: receipts.map(entryOf),
    adjusted: [
      ...adjustments.map((r) => ({ ...entryOf(r), source: 'ALLOCATION' as const, earlier: r.payment_date < s.from })),
      // A refund's entry is the refund's own, posted under PAYMENT (advance-refunds.service.ts refundAdvance).
      ...refunds.map((r) => ({ ...entryOf(r), source: 'PAYMENT' as const, earlier: r.payment_date < s.from })),
    ],
  };
}
