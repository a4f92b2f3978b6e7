import type { ApiClient } from '../api-client';
import type { BulkTarget } from './bulk-target';
import { moveCounterOn } from './counters';
import { rebuildDayBalances } from './day-balances';
import { readBundle, writeCopies, type Bundle, type BundlePart } from './template-clone';

/**
 * The bulk loader of a financial year's books: N invoices spread over the days of FY 2025-26,
 * most paid in full by a receipt allocated to them (one in twenty left open), and N/5 bills.
 * Each kind of document is made once through the API on the year's first day (so the service
 * decides every row); the rest are copies of what those creations wrote, with fresh ids, the
 * next numbers, another customer or vendor and their own dates (document, due and payment
 * dates; in documents, journals and journal lines alike), written in multi-row inserts in one
 * transaction that ends by moving the counters on and summing the day balances from the lines.
 */
export const YEAR = { first: '2025-04-01', last: '2026-03-31', days: 365 };
/** Days from an invoice to its due date and to its receipt; from a bill to its due date. */
const OFFSETS = { invoiceDue: 30, receipt: 20, billDue: 45 };
const SERIES = { series_name: 'books', prefix: 'Y2526/', padding: 7, format_template: '{prefix}{num}' };
const BILL_PREFIX = 'BILL-';
/** One invoice in this many is left open (50,000 of a million, for the ageing). */
const OPEN_EVERY = 20;

interface Party { id: string; name: string }
interface Line { name: string; rate: number; quantity: number; taxPercentage: number }

const INVOICE_KINDS: Line[][] = [
  [{ name: 'Laptop stand', rate: 1499.5, quantity: 2, taxPercentage: 18 }, { name: 'Wireless mouse', rate: 799, quantity: 5, taxPercentage: 18 }],
  [{ name: 'Installation service', rate: 1200, quantity: 3, taxPercentage: 18 }],
  [{ name: 'Packaged rice', rate: 62.4, quantity: 25, taxPercentage: 5 }, { name: 'Printed manuals', rate: 150.25, quantity: 10, taxPercentage: 5 }],
];
const BILL_KINDS: Line[][] = [
  [{ name: 'Office supplies', rate: 2450, quantity: 4, taxPercentage: 18 }],
  [{ name: 'Freight', rate: 8000, quantity: 1, taxPercentage: 5 }, { name: 'Packing material', rate: 310.75, quantity: 12, taxPercentage: 12 }],
];

interface InvoiceTemplate { id: string; number: string; customer: Party; receipt?: { id: string; reference: string } }
interface BillTemplate { id: string; number: string; reference: string; vendor: Party }
export interface YearTemplates {
  seriesId: string;
  /** Per invoice kind, paid then open. */
  invoices: InvoiceTemplate[];
  bills: BillTemplate[];
  customers: Party[];
  vendors: Party[];
}

const dayOf = (first: string, days: number) => new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const padded = (n: number, width: number) => String(n).padStart(width, '0');

async function createParties(api: ApiClient, runId: string, type: 'CUSTOMER' | 'VENDOR', count: number): Promise<Party[]> {
  const parties: Party[] = [];
  // A few at a time: set-up, not measured.
  for (let i = 0; i < count; i += 16) {
    parties.push(...(await Promise.all(Array.from({ length: Math.min(16, count - i) }, async (_, k) => {
      const name = `Books ${type.toLowerCase()} ${padded(i + k, 4)}`;
      const { contact } = await api.call<{ contact: { contact_id: string } }>('POST', '/contacts', {
        contact_name: name, contact_type: type,
        billing_address: { address: `${i + k} Market Road`, city: 'Bengaluru', state_code: 'IN-KA', zip: '560001', country: 'India' },
      }, { 'idempotency-key': `books-${type}-${runId}-${i + k}` });
      return { id: contact.contact_id, name };
    }))));
  }
  return parties;
}

/** Through the API, server running: the series, customers, vendors, and each kind of invoice (paid and open) and bill. */
export async function createYearTemplates(api: ApiClient, runId: string): Promise<YearTemplates> {
  const { taxes } = await api.call<{ taxes: { tax_id: string; tax_percentage: number }[] }>('GET', '/taxes');
  const taxId = (percentage: number) => taxes.find((t) => t.tax_percentage === percentage)!.tax_id;
  const lineItems = (lines: Line[]) => lines.map((l) => ({ name: l.name, rate: l.rate, quantity: l.quantity, tax_id: taxId(l.taxPercentage) }));
  const { series } = await api.call<{ series: { id: string } }>('POST', '/invoices/series', { ...SERIES, label: 'Books benchmark', transaction_date: YEAR.first });
  const customers = await createParties(api, runId, 'CUSTOMER', 500);
  const vendors = await createParties(api, runId, 'VENDOR', 100);
  const key = (what: string) => ({ 'idempotency-key': `books-${what}-${runId}` });

  const invoices: InvoiceTemplate[] = [];
  for (const [k, lines] of INVOICE_KINDS.entries()) {
    for (const paid of [true, false]) {
      const customer = customers[0]!;
      const { invoice } = await api.call<{ invoice: { invoice_id: string; invoice_number: string; total: number } }>('POST', '/invoices', {
        customer_id: customer.id, date: YEAR.first, due_date: dayOf(YEAR.first, OFFSETS.invoiceDue), place_of_supply: 'IN-KA',
        series_name: SERIES.series_name, auto_approve: true, line_items: lineItems(lines),
      }, key(`invoice-${k}-${paid}`));
      const template: InvoiceTemplate = { id: invoice.invoice_id, number: invoice.invoice_number, customer };
      if (paid) {
        const reference = `RCPT${runId}K${k}`;
        const { payment } = await api.call<{ payment: { payment_id: string } }>('POST', '/payments', {
          flow: 'INCOMING', contact_id: customer.id, date: dayOf(YEAR.first, OFFSETS.receipt), amount: invoice.total, reference_number: reference,
          allocations: [{ invoice_id: invoice.invoice_id, amount: invoice.total }],
        }, key(`receipt-${k}`));
        template.receipt = { id: payment.payment_id, reference };
      }
      invoices.push(template);
    }
  }
  const bills: BillTemplate[] = [];
  for (const [k, lines] of BILL_KINDS.entries()) {
    const vendor = vendors[0]!;
    const reference = `VREF${runId}K${k}`;
    const { bill } = await api.call<{ bill: { bill_id: string; bill_number: string } }>('POST', '/bills', {
      vendor_id: vendor.id, date: YEAR.first, due_date: dayOf(YEAR.first, OFFSETS.billDue), place_of_supply: 'IN-KA', auto_approve: true,
      reference_number: reference, line_items: lineItems(lines),
    }, key(`bill-${k}`));
    bills.push({ id: bill.bill_id, number: bill.bill_number, reference, vendor });
  }
  return { seriesId: series.id, invoices, bills, customers, vendors };
}

/** The ids found so far in `tables`. */
const idsOf = (found: ReadonlyMap<string, string[]>, ...tables: string[]) => tables.flatMap((t) => found.get(t) ?? []);

/** What an invoice's creation and its receipt's wrote, table by table (parents first). */
const INVOICE_PARTS: BundlePart[] = [
  { table: 'invoices', idColumn: 'invoice_id', where: 'invoice_id IN (?)', param: (id) => [id] },
  { table: 'invoice_lines', idColumn: 'line_item_id', where: 'invoice_id IN (?)', param: (id) => [id] },
  { table: 'payments', idColumn: 'payment_id', where: 'payment_id IN (SELECT payment_id FROM payment_allocations WHERE invoice_id IN (?))', param: (id) => [id] },
  { table: 'payment_allocations', idColumn: 'allocation_id', where: 'payment_id IN (?)', param: (_, found) => idsOf(found, 'payments') },
  { table: 'journals', idColumn: 'journal_id', where: 'source_id IN (?)', param: (_, found) => idsOf(found, 'invoices', 'payments', 'payment_allocations') },
  { table: 'journal_lines', idColumn: 'line_id', where: 'journal_id IN (?)', param: (_, found) => idsOf(found, 'journals') },
  { table: 'activity', idColumn: 'event_id', where: 'entity_id IN (?)', param: (_, found) => idsOf(found, 'invoices', 'payments') },
  // Events name their document in the payload (published already: the copies are not delivered again).
  { table: 'outbox_events', idColumn: 'event_id', where: 'event_id IN (?)', param: () => [] },
];
const BILL_PARTS: BundlePart[] = [
  { table: 'bills', idColumn: 'bill_id', where: 'bill_id IN (?)', param: (id) => [id] },
  { table: 'bill_lines', idColumn: 'line_item_id', where: 'bill_id IN (?)', param: (id) => [id] },
  { table: 'journals', idColumn: 'journal_id', where: 'source_id IN (?)', param: (_, found) => idsOf(found, 'bills') },
  { table: 'journal_lines', idColumn: 'line_id', where: 'journal_id IN (?)', param: (_, found) => idsOf(found, 'journals') },
  { table: 'activity', idColumn: 'event_id', where: 'entity_id IN (?)', param: (_, found) => idsOf(found, 'bills') },
  { table: 'outbox_events', idColumn: 'event_id', where: 'event_id IN (?)', param: () => [] },
];

/** The outbox events naming any of the documents, by their ids (a payload is JSON text: searched as such). */
async function eventIds(target: BulkTarget, documentIds: string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const id of documentIds) {
    for (const row of await target.read('SELECT event_id FROM outbox_events WHERE CAST(payload AS TEXT) LIKE ?', [`%"${id}"%`])) ids.add(String(row.event_id));
  }
  return [...ids];
}

async function bundleOf(target: BulkTarget, parts: BundlePart[], documentId: string, tokens: string[], linked: string[]): Promise<Bundle> {
  const events = await eventIds(target, [documentId, ...linked]);
  const withEvents = parts.map((p) => (p.table === 'outbox_events' ? { ...p, param: () => events } : p));
  return readBundle(target, withEvents, documentId, tokens);
}

export interface CopySample { templateId: string; collection: 'invoices' | 'bills'; values: Map<string, string> }

/**
 * Straight into the database (no server writing meanwhile): `invoices` invoices and `bills`
 * bills in the year, the templates included; returns the values of a few copies, for checking.
 */
export async function copyYear(target: BulkTarget, orgId: string, seeded: YearTemplates, counts: { invoices: number; bills: number }): Promise<CopySample[]> {
  const first = YEAR.first;
  const invoiceTokens = (t: InvoiceTemplate) => [t.number, t.customer.id, t.customer.name, first, dayOf(first, OFFSETS.invoiceDue), ...(t.receipt ? [t.receipt.reference, dayOf(first, OFFSETS.receipt)] : [])];
  const invoiceBundles: Bundle[] = [];
  for (const t of seeded.invoices) invoiceBundles.push(await bundleOf(target, INVOICE_PARTS, t.id, invoiceTokens(t), t.receipt ? [t.receipt.id] : []));
  const billBundles: Bundle[] = [];
  for (const t of seeded.bills) billBundles.push(await bundleOf(target, BILL_PARTS, t.id, [t.number, t.reference, t.vendor.id, t.vendor.name, first, dayOf(first, OFFSETS.billDue)], []));

  const invoiceCopies = counts.invoices - seeded.invoices.length;
  const billCopies = counts.bills - seeded.bills.length;
  // Copies in date order, numbered on from the templates (all on the first day).
  const dateOf = (i: number, copies: number) => dayOf(first, Math.floor((i * YEAR.days) / copies));
  // Kind by kind, paid then open; copy 0 of each batch is paid (a receipt's tables come first in the batch's insert order).
  const invoiceBundle = (i: number) => (i % INVOICE_KINDS.length) * 2 + (i % OPEN_EVERY === OPEN_EVERY / 2 ? 1 : 0);
  const samples: CopySample[] = [];
  const invoiceSample = new Set([0, OPEN_EVERY / 2, Math.floor(invoiceCopies / 2), invoiceCopies - 1]);
  const billSample = new Set([0, Math.floor(billCopies / 2)]);
  await target.transaction(async () => {
    await writeCopies(target, invoiceBundles, invoiceCopies, (i) => {
      const bundle = invoiceBundle(i);
      const t = seeded.invoices[bundle]!;
      const customer = seeded.customers[(i * 7919) % seeded.customers.length]!;
      const date = dateOf(i, invoiceCopies);
      const n = seeded.invoices.length + 1 + i;
      const values = new Map([[t.number, `${SERIES.prefix}${padded(n, SERIES.padding)}`], [t.customer.id, customer.id], [t.customer.name, customer.name],
        [first, date], [dayOf(first, OFFSETS.invoiceDue), dayOf(date, OFFSETS.invoiceDue)]]);
      if (t.receipt) {
        const receipt = dayOf(date, OFFSETS.receipt);
        values.set(t.receipt.reference, `RCPT-${padded(n, 7)}`).set(dayOf(first, OFFSETS.receipt), receipt > YEAR.last ? YEAR.last : receipt);
      }
      return { bundle, values };
    }, { onCopy: (i, values) => { if (invoiceSample.has(i)) samples.push({ templateId: seeded.invoices[invoiceBundle(i)]!.id, collection: 'invoices', values: new Map(values) }); } });
    await writeCopies(target, billBundles, billCopies, (i) => {
      const t = seeded.bills[i % seeded.bills.length]!;
      const vendor = seeded.vendors[(i * 7919) % seeded.vendors.length]!;
      const date = dateOf(i, billCopies);
      const n = seeded.bills.length + 1 + i;
      return { bundle: i % seeded.bills.length, values: new Map([[t.number, `${BILL_PREFIX}${padded(n, 6)}`], [t.reference, `VB-${padded(n, 7)}`],
        [t.vendor.id, vendor.id], [t.vendor.name, vendor.name], [first, date], [dayOf(first, OFFSETS.billDue), dayOf(date, OFFSETS.billDue)]]) };
    }, { onCopy: (i, values) => { if (billSample.has(i)) samples.push({ templateId: seeded.bills[i % seeded.bills.length]!.id, collection: 'bills', values: new Map(values) }); } });
    await moveCounterOn(target, orgId, `series:${seeded.seriesId}%`, counts.invoices + 1);
    await moveCounterOn(target, orgId, 'bill', counts.bills + 1);
    await rebuildDayBalances(target, orgId);
  });
  await target.settle();
  return samples;
}
