import type { ApiClient } from './api-client';
import { documentScenarios } from './document-scenarios';
import { pdfScenarios } from './pdf-scenarios';

export type Engine = 'sqlite' | 'postgres';

/** What a scenario can use: the seeded organisation and a client to set up more data. */
export interface BenchContext {
  engine: Engine;
  api: ApiClient;
  orgId: string;
  /** Seeded contact ids, oldest first. */
  contactIds: string[];
  /** Unique per run: makes Idempotency-Keys and names unique even against a reused database. */
  runId: string;
  /** Free-form state a scenario's setup leaves for its path/body factories. */
  state: Record<string, unknown>;
  /**
   * Runs the background work a setup left due to the end (its seeding's outbox events are
   * published), so that a scenario measures its requests, not the drain of its own seeding
   * on the server's other thread.
   */
  settle(): Promise<void>;
}

export interface Target {
  /** Requests/s at least this. */
  minRps?: number;
  /** p99 latency (ms) below this. */
  maxP99Ms?: number;
  /** Where the target comes from (shown in the report). */
  source: string;
}

export interface Scenario {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api/public/v1, built per request (n counts requests across the run). */
  path: (ctx: BenchContext, n: number) => string;
  /** JSON body, built per request. */
  body?: (ctx: BenchContext, n: number) => unknown;
  /** Send a fresh Idempotency-Key with every request. */
  freshIdempotencyKey?: boolean;
  /** The status every request should get; anything else is counted as unexpected. */
  expectStatus: number;
  /** Runs once per engine before the warm-up (e.g. create the documents the scenario reads). */
  setup?: (ctx: BenchContext) => Promise<void>;
  targets?: Partial<Record<Engine, Target>>;
  /** Connections for this scenario instead of BENCH_CONNECTIONS (e.g. 1 to time one batch alone). */
  connections?: number;
  /** Documents one request writes, when not one (a bulk batch): a write's share of the raw engine counts documents. */
  documentsPerRequest?: number;
}

/** BENCH_SCENARIOS: comma-separated substrings of scenario names; an entry that starts with `=` names one exactly. */
export const scenarioSelection = (setting: string | undefined): string[] => (setting ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Whether the selection (empty: everything) picks the scenario or benchmark of this name. */
export const selects = (selection: string[], name: string): boolean =>
  selection.length === 0 || selection.some((s) => (s.startsWith('=') ? name === s.slice(1) : name.includes(s)));

const P99_TARGET = 'issue 2: p99 under 20 ms at 16 connections (SQLite)';

/**
 * The benchmarked scenarios, in order. Later issues append theirs (POST /invoices, ...):
 * a setup that creates what the scenario needs, then per-request path and body factories.
 */
export const scenarios: Scenario[] = [
  {
    name: 'GET /contacts?per_page=50',
    method: 'GET',
    path: () => '/contacts?per_page=50',
    expectStatus: 200,
    targets: { sqlite: { maxP99Ms: 20, source: P99_TARGET } },
  },
  {
    name: 'GET /contacts/{id}',
    method: 'GET',
    // Walks through the seeded contacts so the reads are not all one cached row.
    path: (ctx, n) => `/contacts/${ctx.contactIds[n % ctx.contactIds.length]}`,
    expectStatus: 200,
    targets: { sqlite: { minRps: 8000, maxP99Ms: 20, source: 'issue 2: >= 8,000 GET/s for one contact, p99 < 20 ms' } },
  },
  {
    name: 'POST /contacts (fresh Idempotency-Key)',
    method: 'POST',
    path: () => '/contacts',
    body: (ctx, n) => ({ contact_name: `Bench ${ctx.runId} ${n}`, email: `bench-${n}@example.com` }),
    freshIdempotencyKey: true,
    expectStatus: 201,
    targets: {
      sqlite: { minRps: 2000, maxP99Ms: 20, source: 'issue 2: >= 2,000 idempotent POST/s, p99 < 20 ms' },
      postgres: { minRps: 1000, source: 'issue 2: >= 1,000 POST/s on PostgreSQL' },
    },
  },
  {
    name: 'POST /expenses (18% GST, vendor, fresh Idempotency-Key)',
    method: 'POST',
    path: () => '/expenses',
    // Accounts, the 18% tax and a few vendors, found or made once; each request records one posted expense.
    setup: async (ctx) => {
      const { accounts } = await ctx.api.call<{ accounts: { account_id: string; account_name: string }[] }>('GET', '/accounts?per_page=200');
      const { taxes } = await ctx.api.call<{ taxes: { tax_id: string; tax_percentage: number }[] }>('GET', '/taxes');
      const vendorIds: string[] = [];
      for (let i = 0; i < 20; i++) {
        const { contact } = await ctx.api.call<{ contact: { contact_id: string } }>('POST', '/contacts', {
          contact_name: `Bench vendor ${ctx.runId} ${i}`, contact_type: 'VENDOR',
        }, { 'idempotency-key': `bench-vendor-${ctx.runId}-${i}` });
        vendorIds.push(contact.contact_id);
      }
      const named = (name: string) => accounts.find((a) => a.account_name === name)!.account_id;
      ctx.state.expense = {
        bank: named('Bank'), account: named('General Expenses'), tax: taxes.find((t) => t.tax_percentage === 18)!.tax_id, vendorIds,
      };
    },
    body: (ctx, n) => {
      const s = ctx.state.expense as { bank: string; account: string; tax: string; vendorIds: string[] };
      return {
        date: new Date().toISOString().slice(0, 10), paid_through_account_id: s.bank, account_id: s.account, tax_id: s.tax,
        amount: 1000 + (n % 100), vendor_id: s.vendorIds[n % s.vendorIds.length], reference_number: `BENCH-${n}`,
      };
    },
    freshIdempotencyKey: true,
    expectStatus: 201,
    targets: {
      sqlite: { minRps: 1600, maxP99Ms: 25, source: 'issue 4: as invoice creation (issue 3): >= 1,600 creates/s, p99 < 25 ms' },
      postgres: { minRps: 650, source: 'issue 4: as invoice creation (issue 3): >= 650 creates/s on PostgreSQL' },
    },
  },
  // Issues 3, 4 and 5: invoices, bulk invoices, bills, payments (bench/document-scenarios.ts).
  ...documentScenarios,
  // Issue 7: PDFs (bench/pdf-scenarios.ts).
  ...pdfScenarios,
];
