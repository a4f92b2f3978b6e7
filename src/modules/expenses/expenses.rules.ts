import { invalidValue, requiredField } from '../../kernel/errors';
import type { Paise } from '../../kernel/money';

/** Payment modes (spec, Payment); `BANK`, the spec's expense example, is read as BANK_TRANSFER. */
export const EXPENSE_MODES = ['CASH', 'BANK_TRANSFER', 'CHEQUE', 'UPI', 'CARD', 'OTHER'] as const;
export type ExpenseMode = (typeof EXPENSE_MODES)[number];
export const MODE_ALIASES: Readonly<Record<string, ExpenseMode>> = { BANK: 'BANK_TRANSFER' };

/** Money leaves through these, as with a payment's bank_account_id (spec: BANK or CASH). */
export const PAID_THROUGH_TYPES: readonly string[] = ['BANK', 'CASH'];

export interface ExpenseLineInput {
  /** null: the header's account. */
  accountId: string | null;
  amountPaise: Paise;
  /** undefined: the header's tax; null: untaxed; an id overrides the header. */
  taxId?: string | null;
  note: string | null;
}

/** An expense as the caller described it, after create or update input was merged (see expense-input.mapper). */
export interface ExpenseInput {
  accountId: string | null;
  amountPaise: Paise | null;
  taxId: string | null;
  /** True when line_items were given: the header amount is then ignored. */
  itemized: boolean;
  lines: readonly ExpenseLineInput[];
  isInclusiveTax: boolean;
  isRcm: boolean;
  rcmRateCenti: number | null;
}

/** One line to resolve and compute, with the field each of its references is reported under. */
export interface PlannedLine {
  accountId: string;
  inheritsAccount: boolean;
  accountField: string;
  taxId: string | null;
  inheritsTax: boolean;
  taxField: string;
  amountPaise: Paise;
  note: string | null;
}

/**
 * Checks what needs no data and turns the input into lines: the header alone is one line;
 * with line_items each line's account and tax override the header's. Reverse charge takes its
 * rate from rcm_rate because the vendor charged no GST, so a tax_id or an inclusive amount
 * contradicts it.
 */
export function planExpenseLines(input: ExpenseInput): PlannedLine[] {
  if (input.isRcm && input.rcmRateCenti === null) throw requiredField('rcm_rate', 'rcm_rate is required when is_rcm is true');
  if (!input.isRcm && input.rcmRateCenti !== null) throw invalidValue('rcm_rate', 'rcm_rate applies only when is_rcm is true');
  if (input.isRcm && input.isInclusiveTax) {
    throw invalidValue('is_inclusive_tax', 'a reverse-charge amount cannot include tax: the vendor charged no GST');
  }
  const rcmTaxRefused = 'a reverse-charge expense takes its rate from rcm_rate; the vendor charged no GST';
  if (input.isRcm && input.taxId !== null) throw invalidValue('tax_id', rcmTaxRefused);
  const lines: ExpenseLineInput[] = input.itemized
    ? [...input.lines]
    : [{ accountId: null, amountPaise: requireAmount(input.amountPaise), note: null }];
  return lines.map((line, i) => {
    const at = (field: string) => (input.itemized ? `line_items[${i}].${field}` : field);
    const inheritsAccount = line.accountId === null;
    const accountId = line.accountId ?? input.accountId;
    if (accountId === null) throw requiredField(at('account_id'), `${at('account_id')} is required when the header has no account_id`);
    const inheritsTax = line.taxId === undefined;
    const taxId = inheritsTax ? input.taxId : (line.taxId ?? null);
    if (input.isRcm && taxId !== null) throw invalidValue(at('tax_id'), rcmTaxRefused);
    return {
      accountId, inheritsAccount, accountField: inheritsAccount ? 'account_id' : at('account_id'),
      taxId, inheritsTax, taxField: inheritsTax ? 'tax_id' : at('tax_id'), amountPaise: line.amountPaise, note: line.note,
    };
  });
}

function requireAmount(amount: Paise | null): Paise {
  if (amount === null) throw requiredField('amount', 'amount is required unless line_items are given');
  return amount;
}
