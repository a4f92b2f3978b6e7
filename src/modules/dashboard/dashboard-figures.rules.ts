import { toRupees } from '../../kernel/money';
import type { AccountMovement } from '../financial-statements/account-movement.rules';

/** A month's flows in paise, as the ledger reader sums them. */
export interface MonthFlows { month: string; sales: number; purchases: number; cash_in: number; cash_out: number }

const FLOWS = ['sales', 'purchases', 'cash_in', 'cash_out'] as const;
const inRupees = (f: Omit<MonthFlows, 'month'>) => ({ sales: toRupees(f.sales), purchases: toRupees(f.purchases), cash_in: toRupees(f.cash_in), cash_out: toRupees(f.cash_out) });

/** Every month of the period, oldest first (a month without a posting shows zeros), and their sums, in rupees. */
export function monthsAndTotals(months: readonly string[], flows: readonly MonthFlows[]) {
  const byMonth = new Map(flows.map((f) => [f.month, f]));
  const rows = months.map((month) => byMonth.get(month) ?? { month, sales: 0, purchases: 0, cash_in: 0, cash_out: 0 });
  const totals = Object.fromEntries(FLOWS.map((k) => [k, rows.reduce((sum, r) => sum + r[k], 0)])) as Omit<MonthFlows, 'month'>;
  return { months: rows.map((r) => ({ month: r.month, ...inRupees(r) })), totals: inRupees(totals) };
}

const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;

/**
 * Per head, the period's output tax (credits less debits on its output account) less its input
 * tax credit (debits less credits on its input account), from the GST accounts' system keys
 * (`igst_output`, `igst_input`, …); negative when credit is carried forward. The reverse-charge
 * and Rule 37 accounts are no head's.
 */
export function gstPayable(movements: readonly AccountMovement[]) {
  const net = (key: string) => movements.filter((m) => m.system_key === key).reduce((sum, m) => sum + m.credit - m.debit, 0);
  const heads = Object.fromEntries(HEADS.map((h) => [h, net(`${h}_output`) + net(`${h}_input`)])) as Record<(typeof HEADS)[number], number>;
  const total = HEADS.reduce((sum, h) => sum + heads[h], 0);
  return { igst: toRupees(heads.igst), cgst: toRupees(heads.cgst), sgst: toRupees(heads.sgst), cess: toRupees(heads.cess), total: toRupees(total) };
}

/** An ageing's total as the dashboard shows it: each bucket's label beside its amount. */
export function ageingSummary(ageing: { date: string; buckets: readonly { label: string }[]; total: { by_bucket: readonly number[]; outstanding: number; open_credits: number; net: number } }) {
  return {
    as_of: ageing.date,
    buckets: ageing.buckets.map((b, i) => ({ label: b.label, amount: ageing.total.by_bucket[i] ?? 0 })),
    outstanding: ageing.total.outstanding, open_credits: ageing.total.open_credits, net: ageing.total.net,
  };
}
