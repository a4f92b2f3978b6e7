import { businessDateOf, type LocalDate } from '../../kernel/local-date';
import { toPaise } from '../../kernel/money';
import type { ExpenseLineRow, ExpenseRow } from './expenses.repository';
import { MODE_ALIASES, type ExpenseInput, type ExpenseLineInput, type ExpenseMode } from './expenses.rules';
import type { CreateExpenseBody, UpdateExpenseBody } from './expenses.schemas';

/** Everything an expense is built from: create and update both arrive here, then take one path. */
export interface ExpenseDraft extends ExpenseInput {
  date: LocalDate;
  paidThroughAccountId: string;
  mode: ExpenseMode;
  referenceNumber: string | null;
  vendorId: string | null;
  notes: string | null;
  /** As sent (any accepted spelling), or null: derived from the vendor, else the branch. */
  placeOfSupply: string | null;
  /** undefined: the organisation's default branch. */
  branchId: string | undefined;
  itcBlockedReason: string | null;
}

const modeOf = (mode: string | undefined): ExpenseMode | undefined => (mode === undefined ? undefined : (MODE_ALIASES[mode] ?? (mode as ExpenseMode)));

/** Percent with at most two decimals (schema) → percent × 100, exact after rounding away the binary noise. */
const rateCentiOf = (percent: number | null | undefined) => (percent === undefined || percent === null ? null : Math.round(percent * 100));

type LineBody = NonNullable<CreateExpenseBody['line_items']>[number];

/** A sent line: a missing tax_id inherits the header's, while null means untaxed. */
const lineOf = (l: LineBody): ExpenseLineInput => ({
  accountId: l.account_id ?? null, amountPaise: toPaise(l.amount), note: l.note ?? null, ...(l.tax_id !== undefined && { taxId: l.tax_id }),
});

export function draftOfCreate(body: CreateExpenseBody): ExpenseDraft {
  const itemized = body.line_items !== undefined;
  return {
    date: businessDateOf(body.date),
    paidThroughAccountId: body.paid_through_account_id,
    mode: modeOf(body.mode) ?? 'BANK_TRANSFER',
    referenceNumber: body.reference_number ?? null,
    vendorId: body.vendor_id ?? null,
    notes: body.notes ?? null,
    placeOfSupply: body.place_of_supply ?? null,
    branchId: body.branch_id,
    itcBlockedReason: body.itc_blocked_reason ?? null,
    accountId: body.account_id ?? null,
    // The spec: the header amount is ignored when lines are set.
    amountPaise: !itemized && body.amount !== undefined ? toPaise(body.amount) : null,
    taxId: body.tax_id ?? null,
    itemized,
    lines: (body.line_items ?? []).map(lineOf),
    isInclusiveTax: body.is_inclusive_tax ?? false,
    isRcm: body.is_rcm ?? false,
    rcmRateCenti: rateCentiOf(body.rcm_rate),
  };
}

/**
 * The stored expense with a partial update laid over it: a field not sent keeps its stored
 * value. Stored lines keep what they inherited, so a new header account or tax reaches the
 * lines that had none of their own. Turning reverse charge off drops the stored rate.
 */
export function draftOfUpdate(row: ExpenseRow, lines: readonly ExpenseLineRow[], patch: UpdateExpenseBody): ExpenseDraft {
  const pick = <T>(sent: T | undefined, stored: T): T => (sent !== undefined ? sent : stored);
  const itemized = patch.line_items !== undefined || row.itemized === 1;
  const isRcm = patch.is_rcm ?? row.is_rcm === 1;
  const storedLines: ExpenseLineInput[] = lines.map((l) => ({
    accountId: l.inherits_account === 1 ? null : l.account_id, amountPaise: l.amount, note: l.note,
    ...(l.inherits_tax === 0 && { taxId: l.tax_id }),
  }));
  return {
    date: patch.date !== undefined ? businessDateOf(patch.date) : row.expense_date,
    paidThroughAccountId: patch.paid_through_account_id ?? row.paid_through_account_id,
    mode: modeOf(patch.mode) ?? (row.mode as ExpenseMode),
    referenceNumber: pick<string | null>(patch.reference_number, row.reference_number),
    vendorId: pick<string | null>(patch.vendor_id, row.vendor_id),
    notes: pick<string | null>(patch.notes, row.notes),
    placeOfSupply: pick<string | null>(patch.place_of_supply, row.place_of_supply),
    branchId: patch.branch_id ?? row.branch_id,
    itcBlockedReason: pick<string | null>(patch.itc_blocked_reason, row.itc_blocked_reason),
    accountId: pick<string | null>(patch.account_id, row.account_id),
    amountPaise: itemized ? null : (patch.amount !== undefined ? toPaise(patch.amount) : row.amount),
    taxId: pick<string | null>(patch.tax_id, row.tax_id),
    itemized,
    lines: patch.line_items !== undefined ? patch.line_items.map(lineOf) : storedLines,
    isInclusiveTax: patch.is_inclusive_tax ?? row.is_inclusive_tax === 1,
    isRcm,
    rcmRateCenti: patch.rcm_rate !== undefined ? rateCentiOf(patch.rcm_rate) : (isRcm ? row.rcm_rate_centi : null),
  };
}
