import { Type, type Static, type TProperties } from '@sinclair/typebox';

/*
 * The events the service emits, and the payload of each: defined once, here. Emitters are typed
 * by these schemas (outbox.ts EventEmitter), deliveries send them (modules/webhooks), and the
 * OpenAPI document's `webhooks` section is built from them (http/openapi-webhooks.ts).
 */

/** The spec's event catalog. */
export const EVENT_TYPES = [
  'INVOICE_CREATED', 'INVOICE_UPDATED', 'INVOICE_VOIDED', 'INVOICE_PAID', 'INVOICE_BULK_CREATED',
  'BILL_CREATED', 'BILL_UPDATED', 'BILL_VOIDED', 'BILL_PAID', 'BILL_BULK_CREATED',
  'PAYMENT_RECEIVED', 'PAYMENT_MADE',
  'CREDIT_NOTE_CREATED', 'CREDIT_NOTE_VOIDED', 'DEBIT_NOTE_CREATED',
  'ESTIMATE_CREATED', 'ESTIMATE_ACCEPTED', 'ESTIMATE_CONVERTED',
  'SALES_ORDER_CREATED', 'PURCHASE_ORDER_CREATED',
  'EXPENSE_CREATED', 'JOURNAL_POSTED',
  'SERIES_NEARLY_EXHAUSTED',
  'BILL_OF_ENTRY_CREATED',
  'DELIVERY_CHALLAN_CREATED', 'DELIVERY_CHALLAN_VOIDED',
  'BANK_STATEMENT_IMPORTED', 'BANK_RECONCILIATION_CLOSED',
  'IMPORT_COMPLETED', 'OPENING_BALANCES_SET',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A closed object; `title` names it where the OpenAPI document lists it among its schemas. */
const Closed = <P extends TProperties>(properties: P, description: string, title?: string) =>
  Type.Object(properties, { additionalProperties: false, description, ...(title && { title }) });
const Rupees = (description: string) => Type.Number({ description: `${description}, in rupees (or the document currency), at most two decimals` });
const Status = Type.String({ description: 'The document\'s status after the change, as its API shows it' });

/*
 * The `data` of a document event (docs/rules/documents-and-notes.md, "Event data"): its id, number where it has one, contact id,
 * total or amount, and status. INVOICE_CREATED's spec names exactly id, number, customer_id,
 * total, status; the bulk events carry count, failed, batch_size.
 */
const SaleData = Closed({
  id: Type.String(), number: Type.String(), customer_id: Type.String(), total: Rupees('The total'), status: Status,
}, 'A sales document: invoice, credit note, estimate or sales order.', 'SaleEventData');

const PurchaseData = Closed({
  id: Type.String(), number: Type.String(), vendor_id: Type.String(), total: Rupees('The total'), status: Status,
}, 'A purchase document: debit note or purchase order.', 'PurchaseEventData');

/** A bill says what it is: a supplier's debit note names the bill it raises (docs/rules/documents-and-notes.md, "Debit notes from suppliers"). */
const BillData = Closed({
  ...PurchaseData.properties,
  document_type: Type.String({ description: "INVOICE, or SUPPLIER_DEBIT_NOTE: the supplier's debit note raising original_bill_id" }),
  original_bill_id: Type.Union([Type.String(), Type.Null()], { description: 'The bill a supplier debit note raises; null on an invoice' }),
}, 'A bill: a supplier\'s invoice or debit note.', 'BillEventData');

const PaymentData = Closed({
  id: Type.String(),
  number: Type.Union([Type.String(), Type.Null()], { description: 'The payment\'s reference_number' }),
  contact_id: Type.String(),
  amount: Rupees('The amount'),
  status: Type.Literal('RECORDED'),
}, 'A payment received from a customer or made to a vendor.', 'PaymentEventData');

const ExpenseData = Closed({
  id: Type.String(),
  reference_number: Type.Union([Type.String(), Type.Null()]),
  vendor_id: Type.Union([Type.String(), Type.Null()]),
  total: Rupees('The total'),
  status: Status,
}, 'An expense.', 'ExpenseEventData');

const BillOfEntryData = Closed({
  id: Type.String(),
  number: Type.String({ description: "Customs' Bill of Entry number" }),
  port_code: Type.String(),
  total: Rupees('The duties and IGST paid'),
  status: Type.Literal('RECORDED'),
}, 'A customs Bill of Entry for goods imported.', 'BillOfEntryEventData');

const DeliveryChallanData = Closed({
  id: Type.String(),
  number: Type.String(),
  contact_id: Type.Union([Type.String(), Type.Null()], { description: 'The consignee; null on a transfer to a branch of the same GSTIN' }),
  reason: Type.String({ description: 'JOB_WORK, ON_APPROVAL, OWN_USE, PURCHASE_RETURN or OTHER' }),
  total: Rupees('The value of the goods, with the tax shown'),
  status: Status,
}, 'A delivery challan: goods moved without a sale (CGST Rule 55).', 'DeliveryChallanEventData');

const JournalData = Closed({
  id: Type.String(),
  source: Type.Literal('MANUAL'),
  contact_id: Type.Union([Type.String(), Type.Null()]),
  total: Rupees('The debit total'),
  status: Type.Literal('POSTED'),
}, 'A manual journal entry.', 'JournalEventData');

const BulkData = Closed({
  count: Type.Integer({ description: 'Rows created' }),
  failed: Type.Integer({ description: 'Rows refused' }),
  batch_size: Type.Integer({ description: 'Rows sent' }),
}, 'The end of a bulk request; each row created also emitted its own event.', 'BulkEventData');

const SeriesRoomData = Closed({
  series_id: Type.String(),
  series_name: Type.String(),
  branch_id: Type.String({ description: 'The branch the series was made for; every branch of its registration numbers from it' }),
  gstin: Type.Union([Type.String(), Type.Null()], { description: 'The registration the series numbers for; null for a branch without a GSTIN' }),
  financial_year: Type.String({ description: 'The financial year, 2026-27' }),
  used: Type.Integer({ description: 'Numbers the series has issued that year (for good, when its numbers do not show the year)' }),
  remaining: Type.Integer({ description: 'Numbers it can still issue within 16 characters (Rule 46(b))' }),
}, 'A number series has used more than 90% of the numbers that fit in 16 characters; sent once per series and financial year.', 'SeriesRoomEventData');

const BankStatementData = Closed({
  account_id: Type.String({ description: 'The BANK or CASH account the statement is of' }),
  statement_id: Type.String(),
  lines: Type.Integer({ description: 'Lines in the file' }),
  new_lines: Type.Integer({ description: 'Lines not already stored from an earlier, overlapping statement' }),
  matched: Type.Integer({ description: 'Lines matched on import, by rules or bankAutoMatchOnImport' }),
}, 'A bank statement was imported.', 'BankStatementEventData');

const BankReconciliationData = Closed({
  account_id: Type.String(),
  reconciliation_id: Type.String(),
  date: Type.String({ format: 'date', description: "The statement's date the books were reconciled to" }),
  closing_balance: Rupees("The bank's closing balance on that date"),
}, "An account's books were reconciled to its bank statement.", 'BankReconciliationEventData');

const ImportData = Closed({
  import_id: Type.String(),
  kind: Type.String({ description: 'What the file held: contacts, items, accounts, invoices, … or tally (masters and vouchers)' }),
  format: Type.String({ description: 'csv, xlsx or tally_xml' }),
  status: Type.String({ description: 'COMPLETED, or FAILED when the file was refused whole' }),
  created: Type.Integer({ description: 'Records written by this run' }),
  already_imported: Type.Integer({ description: 'Rows an earlier run had written, skipped by their row key' }),
  failed: Type.Integer({ description: 'Rows refused, each listed at GET /imports/{id}/errors' }),
}, 'An import finished; one event per run.', 'ImportEventData');

const OpeningBalancesData = Closed({
  opening_balance_id: Type.String(),
  date: Type.String({ format: 'date', description: 'The day before the books start: the opening entry\'s date' }),
  journal_id: Type.String({ description: 'The opening entry' }),
  open_items: Type.Integer({ description: 'Invoices and bills still open when the books start' }),
}, "The organisation's opening balances were set or replaced.", 'OpeningBalancesEventData');

/** The `data` schema of each event type. */
export const EVENT_DATA = {
  INVOICE_CREATED: SaleData, INVOICE_UPDATED: SaleData, INVOICE_VOIDED: SaleData, INVOICE_PAID: SaleData, INVOICE_BULK_CREATED: BulkData,
  BILL_CREATED: BillData, BILL_UPDATED: BillData, BILL_VOIDED: BillData, BILL_PAID: BillData, BILL_BULK_CREATED: BulkData,
  PAYMENT_RECEIVED: PaymentData, PAYMENT_MADE: PaymentData,
  CREDIT_NOTE_CREATED: SaleData, CREDIT_NOTE_VOIDED: SaleData, DEBIT_NOTE_CREATED: PurchaseData,
  ESTIMATE_CREATED: SaleData, ESTIMATE_ACCEPTED: SaleData, ESTIMATE_CONVERTED: SaleData,
  SALES_ORDER_CREATED: SaleData, PURCHASE_ORDER_CREATED: PurchaseData,
  EXPENSE_CREATED: ExpenseData, JOURNAL_POSTED: JournalData,
  SERIES_NEARLY_EXHAUSTED: SeriesRoomData,
  BILL_OF_ENTRY_CREATED: BillOfEntryData,
  DELIVERY_CHALLAN_CREATED: DeliveryChallanData, DELIVERY_CHALLAN_VOIDED: DeliveryChallanData,
  BANK_STATEMENT_IMPORTED: BankStatementData, BANK_RECONCILIATION_CLOSED: BankReconciliationData,
  IMPORT_COMPLETED: ImportData, OPENING_BALANCES_SET: OpeningBalancesData,
} as const satisfies Record<EventType, unknown>;

export type EventDataOf<T extends EventType> = Static<(typeof EVENT_DATA)[T]>;

/** The body of a webhook delivery of one event type: the event, under the delivery's id. */
export const deliveryBodySchema = <T extends EventType>(type: T) => Closed({
  event_type: Type.Literal(type),
  delivery_id: Type.String({ description: 'The same on every retry and replay of this delivery: drop a duplicate by it' }),
  occurred_at: Type.String({ format: 'date-time', description: 'When the event happened, ISO 8601 UTC' }),
  org_id: Type.String({ description: 'The organisation the event happened in' }),
  data: EVENT_DATA[type],
}, `The ${type} event.`);

export type DeliveryBody = { [T in EventType]: Static<ReturnType<typeof deliveryBodySchema<T>>> }[EventType];
