import type { LocalDate } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { displayedStatus } from '../documents';
import { OPEN_STATUSES } from './invoices.rules';
import type { InvoiceRow } from './invoices.repository';

/** INVOICE_* event data: the spec names id, number, customer_id, total and status for INVOICE_CREATED. */
export const invoiceEventData = (i: InvoiceRow, today: LocalDate) => ({
  id: i.invoice_id,
  number: i.invoice_number,
  customer_id: i.customer_id,
  total: toRupees(i.total),
  status: displayedStatus(i.status, OPEN_STATUSES, i.balance, i.due_date, today),
});
