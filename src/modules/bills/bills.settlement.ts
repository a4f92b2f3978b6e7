import type { SettlementSide } from '../documents';
import { billsRepository, type BillRow } from './bills.repository';
import { BILL_OPEN_STATUSES } from './bills.rules';

/** Bills in settlement (documents/settlement.port.ts): one cleared by vendor credits is PAID too, the spec's bill statuses having no CREDIT_APPLIED. */
export const BILL_SETTLEMENT: SettlementSide<BillRow, 'BILL_PAID'> = {
  entityType: 'BILL', noun: 'bill', paidEvent: 'BILL_PAID', repository: billsRepository,
  statuses: { open: BILL_OPEN_STATUSES, unpaid: 'OPEN', partly: 'PARTIALLY_PAID', paid: 'PAID', clearedByCredit: 'PAID' },
  idOf: (b) => b.bill_id,
  numberOf: (b) => b.bill_number,
  read: (b) => ({ status: b.status, total: b.total, balance: b.balance, paid: b.payment_made, credited: b.vendor_credits_applied }),
  columnsOf: (o) => ({ status: o.status, balance: o.balance, payment_made: o.paid, vendor_credits_applied: o.credited }),
};
