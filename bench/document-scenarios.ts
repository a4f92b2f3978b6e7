/**
 * Benchmark scenarios for the documents and money issues (appended to `scenarios` in
 * scenarios.ts):
 *  - issue 3: POST /invoices (4 lines, auto_approve), POST /bulk/invoices (50 × 4 lines, the
 *    "batch commits in under 250 ms" target, 1 connection), GET /invoices?status=SENT over
 *    100,000 seeded invoices (20,000 on PostgreSQL), GET /invoices/{id};
 *  - issue 4: POST /bills (4 lines, auto_approve); POST /expenses is declared in scenarios.ts;
 *  - issue 5: POST /payments with 2 allocations, POST /payments/{id}/apply.
 *
 * Every request of a measured run must do real work: creates carry a fresh Idempotency-Key
 * (never a replay), bills vary their reference_number (the anti-duplicate guard), and each
 * apply uses a (payment, invoice) pair no earlier request used (a repeat would be an
 * `already_applied` no-op). Setups check one request of the exact shape the run sends.
 *
 * Knob (env): BENCH_INVOICES, invoices seeded for the list scenario (default 100,000 on
 * SQLite, 20,000 on PostgreSQL).
 */
import { BENCH_SERIES } from './api-client';
import type { BenchContext, Scenario } from './scenario-types';

const CREATES = {
  sqlite: { minRps: 1600, maxP99Ms: 25, source: 'issue 3: >= 1,600 invoice creates/s, p99 < 25 ms at 16 connections' },
  postgres: { minRps: 650, source: 'issue 3: >= 650 invoice creates/s on PostgreSQL' },
};
const AS_INVOICE_CREATES = {
  sqlite: { ...CREATES.sqlite, source: 'issue 4: as invoice creation (issue 3): >= 1,600 creates/s, p99 < 25 ms' },
  postgres: { ...CREATES.postgres, source: 'issue 4: as invoice creation (issue 3): >= 650 creates/s on PostgreSQL' },
};
const PAYMENTS = {
  sqlite: { minRps: 1600, maxP99Ms: 25, source: 'issue 5: >= 1,600/s, p99 < 25 ms at 16 connections' },
  postgres: { minRps: 650, maxP99Ms: 25, source: 'issue 5: >= 650/s on PostgreSQL, p99 < 25 ms at 16 connections' },
};

/** Today in India (the API's business date), and a date some days later. */
const IST_OFFSET_MS = 330 * 60_000;
export const istDay = (plusDays = 0) => new Date(Date.now() + IST_OFFSET_MS + plusDays * 86_400_000).toISOString().slice(0, 10);

export interface Shared {
  taxes: Record<number, string>;
  customerId: string;
}

/** The GST rates' tax ids and one customer in Karnataka, made once per engine. */
export async function shared(ctx: BenchContext): Promise<Shared> {
  if (ctx.state.docs) return ctx.state.docs as Shared;
  const { taxes } = await ctx.api.call<{ taxes: { tax_id: string; tax_percentage: number }[] }>('GET', '/taxes');
  const byRate: Record<number, string> = {};
  for (const t of taxes) byRate[t.tax_percentage] ??= t.tax_id;
  for (const rate of [5, 12, 18, 28]) if (!byRate[rate]) throw new Error(`no ${rate}% tax in GET /taxes`);
  const customerId = await contact(ctx, 'CUSTOMER', `Bench customer ${ctx.runId}`);
  const docs: Shared = { taxes: byRate, customerId };
  ctx.state.docs = docs;
  return docs;
}

export async function contact(ctx: BenchContext, type: 'CUSTOMER' | 'VENDOR', name: string): Promise<string> {
  const { contact: c } = await ctx.api.call<{ contact: { contact_id: string } }>('POST', '/contacts', {
    contact_name: name, contact_type: type,
    billing_address: { address: '1 MG Road', city: 'Bengaluru', state_code: 'IN-KA', zip: '560001', country: 'India' },
  }, { 'idempotency-key': `bench-contact-${ctx.runId}-${name.replace(/[^A-Za-z0-9]/g, '-')}` });
  return c.contact_id;
}

/** Four lines at 5, 12, 18 and 28% GST; `n` moves the rates so documents differ. */
export const fourLines = (s: Shared, n: number) => [
  { name: 'Tea, 1 kg', hsn_or_sac: '0902', quantity: 2, rate: 450 + (n % 50), tax_id: s.taxes[5] },
  { name: 'Packing', hsn_or_sac: '4819', quantity: 1.5, rate: 120, discount: 10, tax_id: s.taxes[12] },
  { name: 'Delivery', hsn_or_sac: '9965', quantity: 1, rate: 250, tax_id: s.taxes[18] },
  { name: 'Aerated drink', hsn_or_sac: '2202', quantity: 12, rate: 40 + (n % 7), tax_id: s.taxes[28] },
];

const invoiceBody = (s: Shared, n: number, autoApprove = true) => ({
  series_name: BENCH_SERIES.series_name, customer_id: s.customerId, date: istDay(), due_date: istDay(30), place_of_supply: 'IN-KA', auto_approve: autoApprove,
  reference_number: `PO-${n}`, line_items: fourLines(s, n),
});

interface BulkResult {
  summary: { total: number; succeeded: number; failed: number };
  results: { ok: boolean; invoice?: { invoice_id: string }; error?: unknown }[];
}

/** POST /bulk/invoices in batches of 50, `concurrency` batches in flight; returns the ids in order. Throws on any failed row. */
export async function bulkInvoices(ctx: BenchContext, count: number, row: (i: number) => unknown, concurrency = 8): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let start = next, end = 0; start < count; start = next) {
      end = Math.min(count, start + 50);
      next = end;
      const invoices = Array.from({ length: end - start }, (_, k) => ({ series_name: BENCH_SERIES.series_name, ...(row(start + k) as object) }));
      const r = await ctx.api.call<BulkResult>('POST', '/bulk/invoices', { invoices });
      if (r.summary.failed > 0) throw new Error(`bulk invoices: ${r.summary.failed} rows failed, e.g. ${JSON.stringify(r.results.find((x) => !x.ok))}`);
      r.results.forEach((x, k) => (ids[start + k] = x.invoice!.invoice_id));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * One customer with a pool of SENT invoices whose balances no run can exhaust (₹1 crore each,
 * allocations of ₹1), for the payment scenarios.
 */
const POOL_INVOICES = 1000;
async function payerPool(ctx: BenchContext): Promise<{ customerId: string; invoiceIds: string[] }> {
  if (ctx.state.payerPool) return ctx.state.payerPool as { customerId: string; invoiceIds: string[] };
  const started = performance.now();
  const customerId = await contact(ctx, 'CUSTOMER', `Bench payer ${ctx.runId}`);
  const invoiceIds = await bulkInvoices(ctx, POOL_INVOICES, (i) => ({
    customer_id: customerId, date: istDay(), due_date: istDay(30), place_of_supply: 'IN-KA', auto_approve: true,
    reference_number: `POOL-${i}`, line_items: [{ name: 'Annual contract', rate: 10_000_000, quantity: 1 }],
  }));
  console.log(`\n  [setup] payer pool: ${POOL_INVOICES} SENT invoices of ₹1 crore in ${seconds(started)} s`);
  const pool = { customerId, invoiceIds };
  ctx.state.payerPool = pool;
  return pool;
}

async function expectCreated(ctx: BenchContext, method: string, path: string, body: unknown) {
  await ctx.api.call(method, path, body, { 'idempotency-key': `bench-probe-${ctx.runId}-${Math.random().toString(36).slice(2)}` });
}

export const documentScenarios: Scenario[] = [
  // ---- issue 3 --------------------------------------------------------------------------
  {
    name: 'POST /invoices (4 lines, auto_approve, fresh Idempotency-Key)',
    method: 'POST',
    path: () => '/invoices',
    setup: async (ctx) => {
      const s = await shared(ctx);
      await expectCreated(ctx, 'POST', '/invoices', invoiceBody(s, -1));
    },
    body: (ctx, n) => invoiceBody(ctx.state.docs as Shared, n),
    freshIdempotencyKey: true,
    expectStatus: 201,
    targets: CREATES,
  },
  {
    name: 'POST /bulk/invoices (50 invoices x 4 lines, auto_approve, 1 connection)',
    documentsPerRequest: 50,
    method: 'POST',
    path: () => '/bulk/invoices',
    connections: 1,
    setup: async (ctx) => {
      const s = await shared(ctx);
      // The bulk route answers 200 even when rows fail: check that this exact shape succeeds.
      const r = await ctx.api.call<BulkResult>('POST', '/bulk/invoices', { invoices: Array.from({ length: 50 }, (_, k) => invoiceBody(s, k)) });
      if (r.summary.succeeded !== 50) throw new Error(`bulk probe: ${JSON.stringify(r.summary)}`);
    },
    body: (ctx, n) => ({ invoices: Array.from({ length: 50 }, (_, k) => invoiceBody(ctx.state.docs as Shared, n * 50 + k)) }),
    freshIdempotencyKey: true,
    expectStatus: 200,
    targets: { sqlite: { maxP99Ms: 250, source: 'issue 3: a batch of 50 invoices of 4 lines commits in under 250 ms (SQLite)' } },
  },
  {
    name: 'GET /invoices?status=SENT&per_page=50 (100,000 seeded invoices; 20,000 on PostgreSQL)',
    method: 'GET',
    // 4 in 5 seeded invoices are SENT, 1 in 5 DRAFT; requests cycle through the first page
    // and cursors of pages further down.
    setup: async (ctx) => {
      const s = await shared(ctx);
      // PostgreSQL seeds fewer by default: each row takes the series counter's row lock until it
      // commits, so seeding runs at ~100-200 rows/s there (docs/benchmarks.md, "How to run").
      const count = Number(process.env.BENCH_INVOICES ?? (ctx.engine === 'postgres' ? 20_000 : 100_000));
      const started = performance.now();
      const ids = await bulkInvoices(ctx, count, (i) => invoiceBody(s, i, i % 5 !== 4), 16);
      const took = seconds(started);
      console.log(`\n  [setup] seeded ${count.toLocaleString('en-US')} invoices (4 lines; 80% SENT, 20% DRAFT) with POST /bulk/invoices, 50 rows a request, 16 requests in flight: ${took} s (${Math.round(count / Number(took))} invoices/s)`);
      ctx.state.invoiceSeed = { count, seconds: Number(took) };
      ctx.state.invoiceIds = ids;
      const cursors = [''];
      for (let page = 0; page < 100 && cursors.length <= page + 1; page++) {
        const r = await ctx.api.call<{ page_context: { next_cursor: string | null } }>('GET', `/invoices?status=SENT&per_page=50${cursors[page] ? `&cursor=${encodeURIComponent(cursors[page]!)}` : ''}`);
        if (r.page_context.next_cursor) cursors.push(r.page_context.next_cursor);
      }
      ctx.state.invoiceCursors = cursors;
    },
    path: (ctx, n) => {
      const cursors = ctx.state.invoiceCursors as string[];
      const cursor = cursors[n % cursors.length]!;
      return `/invoices?status=SENT&per_page=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    },
    expectStatus: 200,
    targets: { sqlite: { minRps: 3000, maxP99Ms: 25, source: 'issue 3: >= 3,000 list pages/s, p99 < 25 ms at 16 connections' } },
  },
  {
    name: 'GET /invoices/{id}',
    method: 'GET',
    setup: async (ctx) => {
      if (ctx.state.invoiceIds) return; // the list scenario seeded them
      const s = await shared(ctx);
      ctx.state.invoiceIds = await bulkInvoices(ctx, 5000, (i) => invoiceBody(s, i), 16);
    },
    // Walks through the seeded invoices (a stride, so neighbours are not read in order).
    path: (ctx, n) => {
      const ids = ctx.state.invoiceIds as string[];
      return `/invoices/${ids[(n * 7919) % ids.length]}`;
    },
    expectStatus: 200,
    targets: { sqlite: { minRps: 8000, maxP99Ms: 25, source: 'issue 3: >= 8,000 single gets/s, p99 < 25 ms at 16 connections' } },
  },

  // ---- issue 4 --------------------------------------------------------------------------
  {
    name: 'POST /bills (4 lines, auto_approve, fresh Idempotency-Key)',
    method: 'POST',
    path: () => '/bills',
    setup: async (ctx) => {
      const s = await shared(ctx);
      const vendorIds: string[] = [];
      for (let i = 0; i < 20; i++) vendorIds.push(await contact(ctx, 'VENDOR', `Bench supplier ${ctx.runId} ${i}`));
      ctx.state.billVendors = vendorIds;
      await expectCreated(ctx, 'POST', '/bills', billBody(ctx, s, -1));
    },
    body: (ctx, n) => billBody(ctx, ctx.state.docs as Shared, n),
    freshIdempotencyKey: true,
    expectStatus: 201,
    targets: AS_INVOICE_CREATES,
  },

  // ---- issue 5 --------------------------------------------------------------------------
  {
    name: 'POST /payments (INCOMING, 2 allocations, fresh Idempotency-Key)',
    method: 'POST',
    path: () => '/payments',
    setup: async (ctx) => {
      await payerPool(ctx);
      await expectCreated(ctx, 'POST', '/payments', paymentBody(ctx, 0));
    },
    // Request n allocates ₹1 to each of pool invoices 2n and 2n+1 (modulo the pool): two
    // distinct invoices, spread over the pool.
    body: (ctx, n) => paymentBody(ctx, n),
    freshIdempotencyKey: true,
    expectStatus: 201,
    targets: PAYMENTS,
  },
  {
    name: 'POST /payments/{id}/apply (a new payment-invoice pair each, Idempotency-Key)',
    method: 'POST',
    setup: async (ctx) => {
      const pool = await payerPool(ctx);
      const started = performance.now();
      const count = 1000;
      const ids: string[] = new Array(count);
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < count; i = next++) {
          const { payment } = await ctx.api.call<{ payment: { payment_id: string } }>('POST', '/payments', {
            flow: 'INCOMING', contact_id: pool.customerId, date: istDay(), amount: 10_000_000, mode: 'BANK_TRANSFER', description: `Advance ${i}`,
          }, { 'idempotency-key': `bench-advance-${ctx.runId}-${i}` });
          ids[i] = payment.payment_id;
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      console.log(`\n  [setup] ${count} unapplied receipts of ₹1 crore in ${seconds(started)} s`);
      ctx.state.advanceIds = ids;
      // A probe on a pair the run never uses: payment 0 with an invoice outside the pool.
      const [probeInvoice] = await bulkInvoices(ctx, 1, () => ({
        customer_id: pool.customerId, date: istDay(), due_date: istDay(30), place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Probe', rate: 10, quantity: 1 }],
      }));
      const r = await ctx.api.call<{ allocation: { already_applied?: boolean } }>('POST', `/payments/${ids[0]}/apply`, { invoice_id: probeInvoice, amount: 1 },
        { 'idempotency-key': `bench-probe-${ctx.runId}-apply` });
      if (r.allocation.already_applied) throw new Error('apply probe: already_applied');
    },
    // Request n: payment p = n mod P and invoice (p + floor(n / P)) mod I (P = I = 1,000): a
    // pair no other request of the run uses (while n < 1,000,000), and requests in flight
    // together touch different payments and different invoices (no one hot row to queue on).
    path: (ctx, n) => {
      const ids = ctx.state.advanceIds as string[];
      return `/payments/${ids[n % ids.length]}/apply`;
    },
    body: (ctx, n) => {
      const ids = ctx.state.advanceIds as string[];
      const { invoiceIds } = ctx.state.payerPool as { invoiceIds: string[] };
      return { invoice_id: invoiceIds[((n % ids.length) + Math.floor(n / ids.length)) % invoiceIds.length], amount: 1 };
    },
    freshIdempotencyKey: true,
    expectStatus: 200,
    targets: PAYMENTS,
  },
];

function billBody(ctx: BenchContext, s: Shared, n: number) {
  const vendors = ctx.state.billVendors as string[];
  return {
    vendor_id: vendors[((n % vendors.length) + vendors.length) % vendors.length], date: istDay(), due_date: istDay(30), place_of_supply: 'IN-KA',
    auto_approve: true, reference_number: `BENCH-${ctx.runId}-${n}`, line_items: fourLines(s, n),
  };
}

function paymentBody(ctx: BenchContext, n: number) {
  const { customerId, invoiceIds } = ctx.state.payerPool as { customerId: string; invoiceIds: string[] };
  const at = (2 * n) % invoiceIds.length;
  return {
    flow: 'INCOMING', contact_id: customerId, date: istDay(), amount: 2, mode: 'UPI',
    allocations: [{ invoice_id: invoiceIds[at], amount: 1 }, { invoice_id: invoiceIds[at + 1], amount: 1 }],
  };
}
