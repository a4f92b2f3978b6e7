import type { Static } from '@sinclair/typebox';
import type { ItcReversalReport } from './itc-reversals.schemas';

/* The Rule 37 report as spreadsheet rows: a row per bill, REVERSE or RECLAIM, with the amounts of that action (rupees as the JSON has them). */

export const ITC_REVERSAL_COLUMNS = [
  'action', 'bill_id', 'bill_number', 'vendor_name', 'bill_date', 'day_180', 'unpaid', 'period', 'igst', 'cgst', 'sgst', 'cess', 'interest',
] as const;

type Report = Static<typeof ItcReversalReport>;

export function itcReversalRows(r: Report): Record<string, string | number>[] {
  return [
    ...r.to_reverse.map((b) => ({
      action: 'REVERSE', bill_id: b.bill_id, bill_number: b.bill_number, vendor_name: b.vendor_name, bill_date: b.bill_date, day_180: b.day_180,
      unpaid: b.unpaid, period: b.period, ...b.reverse, interest: b.interest,
    })),
    ...r.to_reclaim.map((b) => ({
      action: 'RECLAIM', bill_id: b.bill_id, bill_number: b.bill_number, vendor_name: b.vendor_name, bill_date: b.bill_date, period: b.period, ...b.reclaim,
    })),
  ];
}
