import { toRupees } from '../../kernel/money';
import { displayedStatus, type CreditTarget, type NoteParent } from '../documents';
import type { BillRow } from './bills.repository';
import { BILL_OPEN_STATUSES } from './bills.rules';

/*
 * A bill as the notes that correct it see it: the vendor credit notes and debit notes that
 * name it, and the apply endpoints that lower its balance with them.
 */

/** A bill as the parent of a note raised against it. */
export const billNoteParent = (b: BillRow): NoteParent => ({
  kind: 'bill', id: b.bill_id, contactId: b.vendor_id, status: b.status, branchId: b.branch_id, placeOfSupply: b.place_of_supply,
  supplyType: b.supply_type, inclusive: b.is_inclusive_tax === 1, reverseCharge: b.is_rcm === 1, imported: b.gst_treatment === 'OVERSEAS', date: b.bill_date, total: b.total, currencyCode: b.currency_code, exchangeRateMicro: b.exchange_rate_micro,
});

/** A bill as the target of a note's application. */
export const billCreditTarget = (b: BillRow): CreditTarget => ({
  kind: 'bill', contactId: b.vendor_id, currencyCode: b.currency_code, exchangeRateMicro: b.exchange_rate_micro,
  status: b.status, balance: b.balance, open: BILL_OPEN_STATUSES,
});

/** The bill's side of an apply response; paid_amount = payments + credits applied (docs/rules/amounts-and-rounding.md, "Totals and balance"). */
export const presentBillCredited = (b: BillRow, today: string) => ({
  bill_id: b.bill_id, balance: toRupees(b.balance), status: displayedStatus(b.status, BILL_OPEN_STATUSES, b.balance, b.due_date, today),
  paid_amount: toRupees(b.payment_made + b.vendor_credits_applied),
});
