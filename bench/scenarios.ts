import { documentScenarios } from './document-scenarios';
import { pdfScenarios } from './pdf-scenarios';

import type { Scenario } from './scenario-types';

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
