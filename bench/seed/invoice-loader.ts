import type { ApiClient } from '../api-client';
import type { BulkTarget } from './bulk-target';
import { moveCounterOn } from './counters';
import { rebuildDayBalances } from './day-balances';
import { CUSTOMER_CLASSES, SERIES, TEMPLATES, customerGstin, invoiceBody, templateCycle, type CustomerClass } from './invoice-mix';
import { readBundle, writeCopies, type Bundle, type BundlePart } from './template-clone';

/**
 * The bulk loader of invoices: a month of N approved invoices in one GSTIN. The templates
 * (bench/seed/invoice-mix.ts) are created through the API, so the service itself decides every
 * row; the rest are copies of what those creations wrote (document, lines, journal and its
 * lines with their branch, activity, outbox event), with fresh ids, the series' next numbers
 * and another customer of the same class, written straight into the database in multi-row
 * inserts in one transaction. The series counter is moved on past the last copy.
 */

export interface Customer { id: string; name: string; gstin: string | null }

export interface SeededTemplates {
  seriesId: string;
  /** Per template: the invoice made through the API, its number and customer. */
  invoices: { id: string; number: string; customer: Customer }[];
  customers: Map<string, Customer[]>;
}

/** What one invoice's creation writes, table by table (parents first). */
const INVOICE_PARTS: BundlePart[] = [
  { table: 'invoices', idColumn: 'invoice_id', where: 'invoice_id IN (?)', param: (id) => [id] },
  { table: 'invoice_lines', idColumn: 'line_item_id', where: 'invoice_id IN (?)', param: (id) => [id] },
  { table: 'journals', idColumn: 'journal_id', where: "source = 'INVOICE' AND source_id IN (?)", param: (id) => [id] },
  { table: 'journal_lines', idColumn: 'line_id', where: 'journal_id IN (?)', param: (_, found) => found.get('journals')! },
  { table: 'activity', idColumn: 'event_id', where: 'entity_id IN (?)', param: (id) => [id] },
  // The INVOICE_CREATED event names the invoice in its payload (published already: the copies are not delivered again).
  { table: 'outbox_events', idColumn: 'event_id', where: "event_type = 'INVOICE_CREATED' AND payload LIKE (?)", param: (id) => [`%"${id}"%`] },
];

async function createCustomers(api: ApiClient, runId: string): Promise<Map<string, Customer[]>> {
  const customers = new Map<string, Customer[]>();
  let registered = 0;
  const create = async (cls: CustomerClass, i: number): Promise<Customer> => {
    const name = `Bench ${cls.name} ${String(i).padStart(4, '0')}`;
    const gstin = cls.gstState ? customerGstin(cls.gstState, ++registered) : null;
    const { contact } = await api.call<{ contact: { contact_id: string } }>('POST', '/contacts', {
      contact_name: name, contact_type: 'CUSTOMER', ...(gstin && { gst_no: gstin }),
      billing_address: { address: `${i} Market Road`, city: 'City', state_code: cls.stateIso, zip: '560001', country: 'India' },
    }, { 'idempotency-key': `bench-customer-${runId}-${cls.name}-${i}` });
    return { id: contact.contact_id, name, gstin };
  };
  for (const cls of CUSTOMER_CLASSES) {
    const list: Customer[] = [];
    // A few at a time: the contacts are few and this is set-up, not measured.
    for (let i = 0; i < cls.count; i += 16) {
      list.push(...(await Promise.all(Array.from({ length: Math.min(16, cls.count - i) }, (_, k) => create(cls, i + k)))));
    }
    customers.set(cls.name, list);
  }
  return customers;
}

/** Through the API, server running: the series, the customers and one invoice per template. */
export async function createTemplates(api: ApiClient, runId: string, firstDay: string): Promise<SeededTemplates> {
  const { taxes } = await api.call<{ taxes: { tax_id: string; tax_percentage: number }[] }>('GET', '/taxes');
  const taxIds = new Map(taxes.map((t) => [t.tax_percentage, t.tax_id]));
  const { series } = await api.call<{ series: { id: string } }>('POST', '/invoices/series', { ...SERIES, label: 'Benchmark', transaction_date: firstDay });
  const customers = await createCustomers(api, runId);
  const invoices: SeededTemplates['invoices'] = [];
  for (const [t, template] of TEMPLATES.entries()) {
    const cls = CUSTOMER_CLASSES.find((c) => c.name === template.customerClass)!;
    const customer = customers.get(cls.name)![t % cls.count]!;
    const { invoice } = await api.call<{ invoice: { invoice_id: string; invoice_number: string } }>(
      'POST', '/invoices', invoiceBody(template, customer.id, cls.stateIso, taxIds), { 'idempotency-key': `bench-template-${runId}-${t}` });
    invoices.push({ id: invoice.invoice_id, number: invoice.invoice_number, customer });
  }
  return { seriesId: series.id, invoices, customers };
}

/** The tokens a copy replaces besides fresh ids: the number and the customer (id, name, GSTIN). */
const templateTokens = (t: SeededTemplates['invoices'][number]) => [t.number, t.customer.id, t.customer.name, ...(t.customer.gstin ? [t.customer.gstin] : [])];

const formatNumber = (n: number) => `${SERIES.prefix}${String(n).padStart(SERIES.padding, '0')}`;

/**
 * Straight into the database (no server writing meanwhile): `total` invoices in the month, the
 * templates included; returns the values of copies for `sample` (their ids and numbers by the template's), for checking.
 */
export async function copyInvoices(
  target: BulkTarget, orgId: string, seeded: SeededTemplates, total: number, sample: readonly number[] = [],
): Promise<Map<number, { template: number; values: Map<string, string> }>> {
  const bundles: Bundle[] = [];
  for (const t of seeded.invoices) bundles.push(await readBundle(target, INVOICE_PARTS, t.id, templateTokens(t)));
  const cycle = templateCycle(TEMPLATES);
  const first = seeded.invoices.length;
  const copies = total - first;
  const sampled = new Map<number, { template: number; values: Map<string, string> }>();
  await target.transaction(async () => {
    await writeCopies(target, bundles, copies, (i) => {
      const template = cycle[i % cycle.length]!;
      const t = seeded.invoices[template]!;
      const pool = seeded.customers.get(TEMPLATES[template]!.customerClass)!;
      // A stride prime to every pool size, so each customer of the class gets its share.
      const customer = pool[(i * 7919) % pool.length]!;
      const values = new Map<string, string>([[t.number, formatNumber(first + 1 + i)], [t.customer.id, customer.id], [t.customer.name, customer.name]]);
      if (t.customer.gstin && customer.gstin) values.set(t.customer.gstin, customer.gstin);
      return { bundle: template, values };
    }, { onCopy: (i, values) => { if (sample.includes(i)) sampled.set(i, { template: cycle[i % cycle.length]!, values: new Map(values) }); } });
    await moveCounterOn(target, orgId, `series:${seeded.seriesId}%`, total + 1);
    await rebuildDayBalances(target, orgId);
  });
  await target.settle();
  return sampled;
}
