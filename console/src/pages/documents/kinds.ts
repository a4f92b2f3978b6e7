import { journalHref, type DocumentKind } from '../links';
import { defineKind, type Kind } from './kind';

/*
 * Every kind of document the console lists, in the menu's order. Statuses and other choices are
 * the values each list's own filter takes (the SDK's types check the parameter names).
 */
const NOTE_STATUSES = ['DRAFT', 'ISSUED', 'APPLIED', 'CANCELLED'] as const;
const NOTE_TYPE = { param: 'type', label: 'Type', options: ['customer', 'vendor'] } as const;
const pdfAndActivity = { pdf: true, activity: true } as const;

export const KINDS: Record<DocumentKind, Kind> = {
  invoices: defineKind('/invoices', {
    title: 'Invoices', one: 'Invoice', scope: 'Svc.invoices.READ', detailKey: 'invoice',
    id: (d) => d.invoice_id, number: (d) => d.invoice_number, party: (d) => d.customer_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status, currency: (d) => d.currency_code,
    partyLabel: 'Customer', partyFilter: 'customer_id', dated: true, einvoice: true, ...pdfAndActivity,
    choices: [{ param: 'status', label: 'Status', options: ['DRAFT', 'SENT', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED', 'CREDIT_APPLIED'] }],
  }),
  estimates: defineKind('/estimates', {
    title: 'Estimates', one: 'Estimate', scope: 'Svc.estimates.READ', detailKey: 'estimate',
    id: (d) => d.estimate_id, number: (d) => d.estimate_number, party: (d) => d.customer_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status,
    partyLabel: 'Customer', partyFilter: 'customer_id', dated: false, einvoice: false, ...pdfAndActivity,
    choices: [{ param: 'status', label: 'Status', options: ['DRAFT', 'SENT', 'ACCEPTED', 'DECLINED', 'CANCELLED', 'CONVERTED'] }],
  }),
  sales_orders: defineKind('/sales_orders', {
    title: 'Sales orders', one: 'Sales order', scope: 'Svc.salesorders.READ', detailKey: 'sales_order',
    id: (d) => d.sales_order_id, number: (d) => d.sales_order_number, party: (d) => d.customer_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status,
    partyLabel: 'Customer', partyFilter: 'customer_id', dated: false, einvoice: false, pdf: false, activity: true,
    choices: [{ param: 'status', label: 'Status', options: ['DRAFT', 'OPEN', 'PARTIALLY_INVOICED', 'INVOICED', 'CLOSED', 'CANCELLED'] }],
  }),
  delivery_challans: defineKind('/delivery_challans', {
    title: 'Delivery challans', one: 'Delivery challan', scope: 'Svc.invoices.READ', detailKey: 'delivery_challan',
    id: (d) => d.delivery_challan_id, number: (d) => d.delivery_challan_number, party: (d) => d.consignee.name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status,
    partyLabel: 'Consignee', dated: false, einvoice: false, pdf: false, activity: false,
    choices: [{ param: 'reason', label: 'Reason', options: ['JOB_WORK', 'ON_APPROVAL', 'OWN_USE', 'PURCHASE_RETURN', 'OTHER'] }],
  }),
  credit_notes: defineKind('/credit_notes', {
    title: 'Credit notes', one: 'Credit note', scope: 'Svc.creditnotes.READ', detailKey: 'credit_note',
    id: (d) => d.credit_note_id, number: (d) => d.credit_note_number, party: (d) => d.customer_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status, currency: (d) => d.currency_code,
    partyLabel: 'Party', partyFilter: 'customer_id', dated: false, einvoice: true, ...pdfAndActivity,
    choices: [{ param: 'status', label: 'Status', options: NOTE_STATUSES }, NOTE_TYPE],
  }),
  debit_notes: defineKind('/debit_notes', {
    title: 'Debit notes', one: 'Debit note', scope: 'Svc.debitnotes.READ', detailKey: 'debit_note',
    id: (d) => d.debit_note_id, number: (d) => d.debit_note_number, party: (d) => d.vendor_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status, currency: (d) => d.currency_code,
    partyLabel: 'Party', partyFilter: 'vendor_id', dated: false, einvoice: true, ...pdfAndActivity,
    choices: [{ param: 'status', label: 'Status', options: NOTE_STATUSES }, NOTE_TYPE],
  }),
  bills: defineKind('/bills', {
    title: 'Bills', one: 'Bill', scope: 'Svc.bills.READ', detailKey: 'bill',
    id: (d) => d.bill_id, number: (d) => d.bill_number, party: (d) => d.vendor_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status, currency: (d) => d.currency_code,
    partyLabel: 'Vendor', partyFilter: 'vendor_id', dated: true, einvoice: false, ...pdfAndActivity,
    choices: [{ param: 'status', label: 'Status', options: ['DRAFT', 'OPEN', 'PARTIALLY_PAID', 'PAID', 'OVERDUE', 'CANCELLED'] }],
  }),
  purchase_orders: defineKind('/purchase_orders', {
    title: 'Purchase orders', one: 'Purchase order', scope: 'Svc.purchaseorders.READ', detailKey: 'purchase_order',
    id: (d) => d.purchase_order_id, number: (d) => d.purchase_order_number, party: (d) => d.vendor_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status,
    partyLabel: 'Vendor', partyFilter: 'vendor_id', dated: false, einvoice: false, ...pdfAndActivity,
    choices: [{ param: 'status', label: 'Status', options: ['DRAFT', 'OPEN', 'BILLED', 'CANCELLED'] }],
  }),
  expenses: defineKind('/expenses', {
    title: 'Expenses', one: 'Expense', scope: 'Svc.expenses.READ', detailKey: 'expense',
    id: (d) => d.expense_id, number: (d) => d.reference_number, party: (d) => d.vendor_name, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status,
    partyLabel: 'Vendor', partyFilter: 'vendor_id', dated: true, einvoice: false, pdf: false, activity: true,
  }),
  payments: defineKind('/payments', {
    title: 'Payments', one: 'Payment', scope: 'Svc.payments.READ', detailKey: 'payment',
    id: (d) => d.payment_id, number: (d) => d.receipt_voucher_number ?? d.reference_number, party: (d) => d.contact_name,
    date: (d) => d.date, total: (d) => d.amount, status: (d) => d.flow, statusLabel: 'Direction', currency: (d) => d.currency_code,
    partyLabel: 'Contact', dated: false, einvoice: false, ...pdfAndActivity,
    choices: [{ param: 'flow', label: 'Direction', options: ['INCOMING', 'OUTGOING'] }],
  }),
  bills_of_entry: defineKind('/bills_of_entry', {
    title: 'Bills of entry', one: 'Bill of entry', scope: 'Svc.bills.READ', detailKey: 'bill_of_entry',
    id: (d) => d.bill_of_entry_id, number: (d) => d.number, party: (d) => d.port_code, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.status,
    partyLabel: 'Port', dated: false, einvoice: false, pdf: false, activity: false,
  }),
  journals: defineKind('/journals', {
    title: 'Journals', one: 'Journal', scope: 'Svc.journals.READ', detailKey: 'journal',
    id: (d) => d.journal_id, number: (d) => d.source_ref ?? d.memo, date: (d) => d.date,
    total: (d) => d.total, status: (d) => d.source, statusLabel: 'Source',
    dated: true, einvoice: false, pdf: false, activity: false, href: journalHref,
    choices: [{ param: 'source', label: 'Source', options: ['MANUAL', 'INVOICE', 'BILL', 'PAYMENT', 'ALLOCATION', 'CREDIT_NOTE', 'DEBIT_NOTE', 'EXPENSE', 'OPENING_BALANCE', 'BILL_OF_ENTRY', 'ITC_REVERSAL'] }],
  }),
};

/** The statuses an e-invoice list filter takes (GET /invoices, /credit_notes, /debit_notes). */
export const EINVOICE_STATUSES = ['PENDING', 'ACTIVE', 'CANCELLED'] as const;
