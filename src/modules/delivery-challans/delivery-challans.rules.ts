import { addDays, type LocalDate } from '../../kernel/local-date';

/*
 * Delivery challans (CGST Rule 55; docs/rules/documents-and-notes.md, "Delivery challans"):
 * goods that move without a sale, why they move, and what GSTR-1 and the e-way bill call them.
 */

/**
 * Why the goods move: to a job worker (s.143), on approval (s.31(7)), for the business's own use
 * (to a site, or a branch of the same GSTIN), back to the vendor they were bought from, or otherwise
 * (Rule 55(1)(c)'s other cases, such as goods sent for exhibition).
 */
export const CHALLAN_REASONS = ['JOB_WORK', 'ON_APPROVAL', 'OWN_USE', 'PURCHASE_RETURN', 'OTHER'] as const;
export type ChallanReason = (typeof CHALLAN_REASONS)[number];

/** ISSUED when made; CANCELLED once voided (still counted, as cancelled, in GSTR-1 Table 13). */
export const CHALLAN_STATUSES = ['ISSUED', 'CANCELLED'] as const;
export type ChallanStatus = (typeof CHALLAN_STATUSES)[number];

/**
 * NIC's sub-supply type of an outward movement on a challan, with the description NIC asks for
 * when it is 8 (Others): job work 4, own use 5 (a transfer within one GSTIN too), the rest 8. A
 * purchase return is "Purchase Return" under 8, as india_compliance sends it.
 */
const MOVEMENTS: Record<ChallanReason, { subSupplyType: '4' | '5' | '8'; subSupplyDesc: string | null }> = {
  JOB_WORK: { subSupplyType: '4', subSupplyDesc: null },
  OWN_USE: { subSupplyType: '5', subSupplyDesc: null },
  ON_APPROVAL: { subSupplyType: '8', subSupplyDesc: 'Sent on approval' },
  PURCHASE_RETURN: { subSupplyType: '8', subSupplyDesc: 'Purchase Return' },
  OTHER: { subSupplyType: '8', subSupplyDesc: 'Others' },
};
export const challanMovementOf = (reason: ChallanReason) => MOVEMENTS[reason];

/**
 * GSTN's doc_num in GSTR-1 Table 13: 9 challans for job work, 10 for supply on approval, 12 in
 * cases other than by way of supply (own use, a purchase return, the rest). 11 (liquid gas) is a
 * case Bahi does not keep.
 */
export const TABLE_13_KINDS = [
  { docNum: 9, docTyp: 'Delivery Challan for job work', reasons: ['JOB_WORK'] },
  { docNum: 10, docTyp: 'Delivery Challan for supply on approval', reasons: ['ON_APPROVAL'] },
  { docNum: 12, docTyp: 'Delivery Challan in cases other than by way of supply (excluding at S no. 9 to 11)', reasons: ['OWN_USE', 'PURCHASE_RETURN', 'OTHER'] },
] as const satisfies readonly { docNum: number; docTyp: string; reasons: readonly ChallanReason[] }[];

/** The same day `months` later, the last day of that month when it is shorter (31 August + 6 → 28 or 29 February). */
export function addMonths(date: LocalDate, months: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const [year, month] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * CGST s.31(7): goods sent on approval are supplied when accepted, or six months after their
 * removal, whichever is earlier; the invoice is due by then. The last day it is still on time.
 */
export const approvalDueDate = (removed: LocalDate) => addMonths(removed, 6);

/** Goods sent on approval whose six months ran out before `today` without an invoice. */
export const isApprovalOverdue = (c: { reason: string; status: string; invoice_id: string | null; challan_date: LocalDate }, today: LocalDate) =>
  c.reason === 'ON_APPROVAL' && c.status === 'ISSUED' && c.invoice_id === null && approvalDueDate(c.challan_date) < today;

/**
 * The first removal date still on time on `today`: a challan dated before it is overdue. Months
 * differ in length, so it is found by stepping from six months back, not by subtracting.
 */
export function approvalOverdueBefore(today: LocalDate): LocalDate {
  let d = addDays(addMonths(today, -6), -3);
  while (approvalDueDate(d) < today) d = addDays(d, 1);
  return d;
}
