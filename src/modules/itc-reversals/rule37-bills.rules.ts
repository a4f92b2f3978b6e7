import { toBase } from '../documents/currency.rules';
import { posRestricted } from '../documents/purchase-tax.rules';
import { HEADS, type CreditHeads } from './rule37.rules';

/*
 * Which bills Rule 37 reaches and the credit each gave (docs/rules/itc-reconciliation.md,
 * "Rule 37: pay within 180 days").
 */

export interface BillTaxTerms {
  is_rcm: number;
  supply_type: string;
  place_of_supply: string;
  branch_state: string;
  exchange_rate_micro: number;
  /** The vendor's GSTIN as the bill keeps it (its party copy). */
  vendorGstin: string | null;
}

interface LineTax { igst: number; cgst: number; sgst: number; cess: number; itc_blocked_reason: string | null }

export const NO_CREDIT: CreditHeads = { igst: 0, cgst: 0, sgst: 0, cess: 0 };

/** PAN: characters 3 to 12 of a GSTIN (CGST Rule 10(1), the GSTIN's layout). */
const panOf = (gstin: string) => gstin.slice(2, 12).toUpperCase();

/**
 * The credit a bill gave, in INR: its lines' tax but for lines s.17(5) blocks, none on a bill
 * under reverse charge (Rule 37 leaves out tax paid under s.9(3)/(4): the recipient paid it
 * itself), none on a bill taxed in another state (its tax is cost, never credit), and none on a
 * bill from another registration of the same PAN: a supply between distinct persons (Schedule I
 * paragraph 2) made without consideration is deemed paid (Rule 37(1) proviso).
 */
export function creditOfBill(bill: BillTaxTerms, lines: readonly LineTax[], ownPans: ReadonlySet<string>): CreditHeads {
  if (Number(bill.is_rcm) === 1 || posRestricted(bill.supply_type, bill.place_of_supply, bill.branch_state)) return NO_CREDIT;
  if (bill.vendorGstin !== null && ownPans.has(panOf(bill.vendorGstin))) return NO_CREDIT;
  const credit = { ...NO_CREDIT };
  for (const line of lines) {
    if (line.itc_blocked_reason !== null) continue;
    for (const head of HEADS) credit[head] += toBase(Number(line[head]), Number(bill.exchange_rate_micro));
  }
  return credit;
}

export const pansOf = (gstins: readonly (string | null)[]): Set<string> => new Set(gstins.filter((g): g is string => g !== null && g.length === 15).map(panOf));

interface ReversalRecord extends CreditHeads { bill_id: string; kind: string; reversal_date: string }

/** A bill's credit given back and not yet taken again: its last row is a REVERSAL. */
export interface StandingReversal { reversed: CreditHeads; reversedOn: string }

/** Per bill, the reversal that stands: the last row of the bill is a REVERSAL (rows oldest first). */
export function standingReversals(rows: readonly ReversalRecord[]): Map<string, StandingReversal> {
  const standing = new Map<string, StandingReversal>();
  for (const row of rows) {
    if (row.kind === 'RECLAIM') standing.delete(row.bill_id);
    else standing.set(row.bill_id, { reversed: { igst: Number(row.igst), cgst: Number(row.cgst), sgst: Number(row.sgst), cess: Number(row.cess) }, reversedOn: row.reversal_date });
  }
  return standing;
}

export const sumHeads = (all: readonly CreditHeads[]): CreditHeads =>
  all.reduce<CreditHeads>((total, h) => ({ igst: total.igst + h.igst, cgst: total.cgst + h.cgst, sgst: total.sgst + h.sgst, cess: total.cess + h.cess }), { ...NO_CREDIT });
