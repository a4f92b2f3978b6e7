import type { SettlementSide } from '../documents';
import { invoicesRepository, type InvoiceRow } from './invoices.repository';
import { OPEN_STATUSES } from './invoices.rules';

/** Invoices in settlement (documents/settlement.port.ts): a credit that clears one leaves it CREDIT_APPLIED. */
export const INVOICE_SETTLEMENT: SettlementSide<InvoiceRow, 'INVOICE_PAID'> = {
  entityType: 'INVOICE', noun: 'invoice', paidEvent: 'INVOICE_PAID', repository: invoicesRepository,
  statuses: { open: OPEN_STATUSES, unpaid: 'SENT', partly: 'PARTIALLY_PAID', paid: 'PAID', clearedByCredit: 'CREDIT_APPLIED' },
  idOf: (i) => i.invoice_id,
  numberOf: (i) => i.invoice_number,
  read: (i) => ({ status: i.status, total: i.total, balance: i.balance, paid: i.payment_made, credited: i.credits_applied }),
  columnsOf: (o) => ({ status: o.status, balance: o.balance, payment_made: o.paid, credits_applied: o.credited }),
};
