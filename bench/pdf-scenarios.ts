/**
 * Benchmark scenarios for issue 7 (PDFs), appended to `scenarios` in scenarios.ts: an invoice
 * of 20 lines over four GST rates, rendered fresh and fetched from the cache. Both run on one
 * connection, so the latency is one render (or one cached answer), not a queue behind others.
 *
 * Fresh: every request must render. The setup seeds BENCH_PDF_INVOICES invoices (default
 * 1,500); requests walk through them, and through the four templates after each full pass,
 * so 4 × BENCH_PDF_INVOICES requests (6,000) pass before any (invoice, template) repeats.
 * Cached: one invoice, rendered once in the setup, fetched again and again.
 *
 * Targets (issue 7): fresh < 100 ms, cached < 5 ms.
 */
import { bulkInvoices, fourLines, istDay, shared, type Shared } from './document-scenarios';
import type { BenchContext, Scenario } from './scenario-types';

const TEMPLATES = ['classic', 'modern', 'boxed', 'tally'] as const;
const count = () => Number(process.env.BENCH_PDF_INVOICES ?? 1500);

/** 20 lines: the four-line set five times over, with a note, like an invoice a trader sends. */
const twentyLineInvoice = (s: Shared, n: number) => ({
  customer_id: s.customerId, date: istDay(), due_date: istDay(30), place_of_supply: 'IN-KA',
  reference_number: `PDF-${n}`, notes: 'Goods once sold will not be taken back. Subject to Bengaluru jurisdiction.',
  line_items: Array.from({ length: 5 }, (_, k) => fourLines(s, n + k)).flat(),
});

interface PdfPool {
  invoiceIds: string[];
}

async function pdfPool(ctx: BenchContext): Promise<PdfPool> {
  if (ctx.state.pdfPool) return ctx.state.pdfPool as PdfPool;
  const s = await shared(ctx);
  const started = performance.now();
  const invoiceIds = await bulkInvoices(ctx, count(), (i) => twentyLineInvoice(s, i));
  console.log(`\n  [setup] ${invoiceIds.length} invoices of 20 lines in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const pool = { invoiceIds };
  ctx.state.pdfPool = pool;
  return pool;
}

/** Fetches one PDF outside the measured load; throws unless it is a PDF rendered as `render` says. */
async function probe(ctx: BenchContext, path: string, render: 'fresh' | 'cached') {
  const res = await fetch(`${ctx.api.baseUrl}${path}`, { headers: { authorization: `Bearer ${ctx.api.token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || bytes.subarray(0, 5).toString() !== '%PDF-' || res.headers.get('x-svc-render') !== render) {
    throw new Error(`${path}: ${res.status} ${res.headers.get('x-svc-render')} ${bytes.subarray(0, 200).toString()}`);
  }
}

export const pdfScenarios: Scenario[] = [
  {
    name: 'GET /invoices/{id}/pdf fresh (20 lines, 1 connection)',
    method: 'GET',
    connections: 1,
    setup: async (ctx) => {
      const pool = await pdfPool(ctx);
      // The last invoice proves the shape renders; requests reach it last (or never).
      await probe(ctx, `/invoices/${pool.invoiceIds[pool.invoiceIds.length - 1]}/pdf?template=tally`, 'fresh');
    },
    path: (ctx, n) => {
      const { invoiceIds } = ctx.state.pdfPool as PdfPool;
      const template = TEMPLATES[Math.floor(n / invoiceIds.length) % TEMPLATES.length];
      return `/invoices/${invoiceIds[n % invoiceIds.length]}/pdf?template=${template}`;
    },
    expectStatus: 200,
    targets: { sqlite: { maxP99Ms: 100, source: 'issue 7: a 20-line invoice renders fresh in under 100 ms' } },
  },
  {
    name: 'GET /invoices/{id}/pdf cached (20 lines, 1 connection)',
    method: 'GET',
    connections: 1,
    setup: async (ctx) => {
      const pool = await pdfPool(ctx);
      // Rendered by the fresh scenario or here; from now on every fetch is a cache hit.
      const path = `/invoices/${pool.invoiceIds[0]}/pdf?template=classic`;
      await fetch(`${ctx.api.baseUrl}${path}`, { headers: { authorization: `Bearer ${ctx.api.token}` } });
      await probe(ctx, path, 'cached');
    },
    path: (ctx) => `/invoices/${(ctx.state.pdfPool as PdfPool).invoiceIds[0]}/pdf?template=classic`,
    expectStatus: 200,
    targets: { sqlite: { maxP99Ms: 5, source: 'issue 7: a cached PDF answers in under 5 ms' } },
  },
];
