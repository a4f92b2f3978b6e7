import { DomainError, invalidState, invalidValue, requiredField } from '../../kernel/errors';
import { toRupees, type Paise } from '../../kernel/money';
import type { Direction } from './statement.types';

/*
 * What a bank line may become, and what the entry made from it must post
 * (docs/rules/banking.md, "Create from a line").
 */

export const CREATE_TYPES = ['PAYMENT', 'EXPENSE', 'TRANSFER', 'JOURNAL'] as const;
export type CreateType = (typeof CREATE_TYPES)[number];

/** How money moved, as payments and expenses record it. */
export const ENTRY_MODES = ['CASH', 'BANK_TRANSFER', 'CHEQUE', 'UPI', 'CARD', 'OTHER'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

/** The scope of the resource each kind makes: a line's create needs it as well as Svc.banking.CREATE. */
export const CREATE_SCOPES = {
  PAYMENT: 'Svc.payments.CREATE', EXPENSE: 'Svc.expenses.CREATE', TRANSFER: 'Svc.journals.CREATE', JOURNAL: 'Svc.journals.CREATE',
} as const satisfies Record<CreateType, string>;

/** The fields of a create body each kind reads; any other is refused, so nothing sent is silently ignored. */
const FIELDS_OF: Record<CreateType, readonly string[]> = {
  PAYMENT: ['contact_id', 'mode', 'description', 'allocations', 'branch_id'],
  EXPENSE: ['contact_id', 'account_id', 'tax_id', 'mode', 'description', 'is_inclusive_tax', 'gst_line_id', 'branch_id'],
  TRANSFER: ['account_id', 'description', 'branch_id'],
  JOURNAL: ['account_id', 'contact_id', 'lines', 'description', 'branch_id'],
};

/** The fields every create body may carry, whatever its kind. */
const ALWAYS = ['type', 'rule_id'];

/** Refuses (400 on the field, under `prefix`) a field the kind does not read. */
export function assertFieldsFit(type: CreateType, sent: Record<string, unknown>, prefix = ''): void {
  const allowed = FIELDS_OF[type];
  const stray = Object.keys(sent).find((key) => sent[key] !== undefined && !ALWAYS.includes(key) && !allowed.includes(key));
  if (stray) throw invalidValue(`${prefix}${stray}`, `a ${type} made from a bank line does not take ${stray}`);
}

/** What a line does to its account, in paise: + money in, − money out. */
export const signedAmount = (line: { direction: string; amount: Paise }): Paise => (line.direction === 'IN' ? line.amount : -line.amount);

export interface LineState {
  bank_transaction_id: string;
  account_id: string;
  direction: string;
  status: string;
  reconciliation_id: string | null;
}

/**
 * A line an entry can be made from: not settled by a closed reconciliation (409
 * conflict.reconciled), not matched already nor excluded (409 conflict.invalid_state).
 */
export function assertLineOpen(line: LineState): void {
  if (line.reconciliation_id !== null) {
    throw new DomainError('conflict.reconciled', 'this bank line is settled by a closed reconciliation; reopen it first', { details: { reconciliation_id: line.reconciliation_id } });
  }
  if (line.status === 'MATCHED') throw invalidState('this bank line is already matched; unmatch it first', { bank_transaction_id: line.bank_transaction_id });
  if (line.status === 'EXCLUDED') throw invalidState('this bank line is excluded; restore it first', { bank_transaction_id: line.bank_transaction_id });
}

/**
 * The bank's separate GST line paired with a charge: another line of the same account, money
 * out as the charge is (400 on gst_line_id otherwise).
 */
export function assertGstLinePairs(charge: LineState, gst: LineState): void {
  if (gst.bank_transaction_id === charge.bank_transaction_id) throw invalidValue('gst_line_id', 'the GST line is another line than the charge');
  if (gst.account_id !== charge.account_id) throw invalidValue('gst_line_id', "the GST line is a line of the charge's account");
  if (charge.direction !== 'OUT' || gst.direction !== 'OUT') throw invalidValue('gst_line_id', 'a bank charge and its GST are both money out of the account');
}

/** The type a create makes: sent, or its rule's. */
export function typeOf(type: CreateType | undefined): CreateType {
  if (!type) throw requiredField('type', 'type is required unless rule_id names a rule');
  return type;
}

/** A journal line as the journals API takes it, in rupees. */
export interface JournalLineInput { account_id: string; debit?: number; credit?: number; description?: string | null }

/**
 * The two lines of a transfer, or of a journal against one account: the line's account takes
 * the money in (Dr) or gives it out (Cr), the other account the opposite side.
 */
export function twoSidedLines(direction: Direction, lineAccountId: string, otherAccountId: string, rupees: number, description: string): JournalLineInput[] {
  const bank = direction === 'IN' ? { debit: rupees } : { credit: rupees };
  const other = direction === 'IN' ? { credit: rupees } : { debit: rupees };
  return [{ account_id: lineAccountId, ...bank, description }, { account_id: otherAccountId, ...other, description }];
}

/** The net a journal's lines post to one account, in paise: debits less credits. */
export function netOnAccount(lines: readonly { account_id: string; debit: Paise; credit: Paise }[], accountId: string): Paise {
  return lines.filter((l) => l.account_id === accountId).reduce((net, l) => net + l.debit - l.credit, 0);
}

/**
 * The entry is what the lines are: what it posted to the account equals the lines' sum, in
 * direction and amount (400 on `field` otherwise, and nothing is written).
 */
export function assertEntryIsLines(posted: Paise, lines: Paise, field: string): void {
  if (posted !== lines) {
    throw invalidValue(field, `the entry posts ${toRupees(posted)} to the account, the bank line(s) ${toRupees(lines)}`, { details: { entry_amount: toRupees(posted), lines_amount: toRupees(lines) } });
  }
}
