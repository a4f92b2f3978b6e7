export { invoicesService, type InvoicesService } from './invoices.service';
export { invoicesRoutes } from './invoices.routes';
export { CreateInvoiceBody } from './invoices.schemas';
export { invoicesLedgerCheck } from './invoices.ledger-check';
export type { InvoiceRow } from './invoices.repository';
export { presentShippingBill, type ShippingBill } from './shipping-bill.rules';
