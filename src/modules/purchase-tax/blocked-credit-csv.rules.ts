import { rupeesText } from '../../kernel/money';

const AMOUNTS = ['taxable_value', 'cgst', 'sgst', 'igst', 'tax'] as const;
export const BLOCKED_CREDIT_COLUMNS = [
  'document_type', 'document_id', 'document_number', 'date', 'vendor_id', 'vendor_name', 'line_item_id', 'account_id', 'itc_blocked_reason', 'is_rcm', ...AMOUNTS,
] as const;

type Amounts = Record<(typeof AMOUNTS)[number], number>;
interface BlockedCredit {
  lines: readonly (Amounts & {
    document_type: string; document_id: string; document_number: string | null; date: string; vendor_id: string | null; vendor_name: string | null;
    line_item_id: string; account_id: string; itc_blocked_reason: string; is_rcm: boolean;
  })[];
  totals: Amounts;
}
const amountCells = (a: Amounts) => Object.fromEntries(AMOUNTS.map((k) => [k, rupeesText(a[k])]));

/** The blocked credit as CSV rows: a row per line, then a TOTAL row. */
export function blockedCreditRows(report: BlockedCredit): Record<string, string>[] {
  return [
    ...report.lines.map((l) => ({
      document_type: l.document_type, document_id: l.document_id, document_number: l.document_number ?? '', date: l.date,
      vendor_id: l.vendor_id ?? '', vendor_name: l.vendor_name ?? '', line_item_id: l.line_item_id, account_id: l.account_id,
      itc_blocked_reason: l.itc_blocked_reason, is_rcm: String(l.is_rcm), ...amountCells(l),
    })),
    { document_type: 'TOTAL', ...amountCells(report.totals) },
  ];
}
