/**
 * The books benchmark: one organisation with BENCH_BOOKS_INVOICES (1,000,000) invoices over
 * FY 2025-26, their receipts (one in twenty left open) and a fifth as many bills
 * (bench/seed/year-loader.ts: templates through the API, the rest copied in bulk straight into
 * the database, the server stopped meanwhile; then `ledger verify` and a comparison of copies
 * with their templates through the API must be clean), then through HTTP from a fresh server
 * process, each a warm-up and the median of BENCH_REPORT_RUNS (5): the trial balance, P&L and
 * balance sheet of the year (< 100 ms each), a general-ledger page of 200 lines in the middle
 * of the year in Accounts Receivable, reached by following cursors (< 20 ms), and the
 * receivables ageing at the year's end (< 2 s; the per-document form is timed too).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiClient, bootstrapOrg, runJobs, type ApiClient } from './api-client';
import type { BackgroundResult } from './scenario-types';
import { medianOf, seconds, timed } from './report-timing';
import { postgresTarget, sqliteTarget, type Engine } from './seed/bulk-target';
import { SUPPLIER } from './seed/invoice-mix';
import { ledgerVerify, sameAsTemplate } from './seed/seed-checks';
import { copyYear, createYearTemplates, YEAR } from './seed/year-loader';
import { startServer } from './server-process';

export const BOOKS_BENCH = 'books';

const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
const MIDDLE = '2025-10-01';
const year = `from_date=${YEAR.first}&to_date=${YEAR.last}`;

interface GeneralLedgerPage { general_ledger: { lines: { date: string }[] }; page_context: { next_cursor: string | null } }

/** Follows the receivable's general-ledger cursors, 200 lines a page, to the first page starting in the year's second half. */
async function middleOfReceivables(api: ApiClient): Promise<{ path: string; pagesWalked: number }> {
  const { accounts } = await api.call<{ accounts: { account_id: string; system_key: string | null }[] }>('GET', '/accounts');
  const receivable = accounts.find((a) => a.system_key === 'accounts_receivable');
  if (!receivable) throw new Error('no accounts_receivable account');
  const base = `/reports/general_ledger?account_id=${receivable.account_id}&${year}&per_page=200`;
  let page = base;
  for (let walked = 0; ; walked++) {
    const { body } = await timed<GeneralLedgerPage>(api, page);
    const next = body.page_context.next_cursor;
    if (!next) throw new Error(`the receivable's ledger ended after ${walked + 1} pages before ${MIDDLE}`);
    page = `${base}&cursor=${encodeURIComponent(next)}`;
    if (body.general_ledger.lines.at(-1)!.date >= MIDDLE) return { path: page, pagesWalked: walked + 1 };
  }
}

interface Timing { name: string; path: string; targetMs: number }

export async function booksBenchmark(engine: Engine, databaseUrl: string | undefined, { env = {}, cpuProfDir }: { env?: Record<string, string>; cpuProfDir?: string } = {}): Promise<BackgroundResult> {
  const invoices = num(process.env.BENCH_BOOKS_INVOICES, 1_000_000);
  const bills = Math.round(invoices / 5);
  const runs = num(process.env.BENCH_REPORT_RUNS, 5);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-books-bench-'));
  const log = (line: string) => console.log(`[${engine}] ${BOOKS_BENCH}: ${line}`);
  try {
    // 1. Templates through the API; their events published, so the copies' are not delivered.
    let server = await startServer({ databaseUrl, adminToken, dataDir, env });
    const { orgId, api: setupApi } = await bootstrapOrg(server.origin, adminToken, runId, { state_code: SUPPLIER.stateCode, gstin: SUPPLIER.gstin, address: SUPPLIER.address });
    const templates = await createYearTemplates(setupApi, runId);
    await runJobs(server.origin, adminToken);
    await server.stop();

    // 2. The copies, straight into the database.
    const seedStarted = performance.now();
    const target = engine === 'sqlite' ? sqliteTarget(dataDir) : await postgresTarget(databaseUrl!);
    let samples;
    try {
      samples = await copyYear(target, orgId, templates, { invoices, bills });
    } finally {
      await target.close();
    }
    const seedS = seconds(seedStarted);
    const verifyStarted = performance.now();
    await ledgerVerify({ databaseUrl, dataDir });
    const verifyS = seconds(verifyStarted);
    log(`seeded ${invoices.toLocaleString('en-US')} invoices with their receipts and ${bills.toLocaleString('en-US')} bills in ${seedS} s; ledger verify clean in ${verifyS} s`);

    // 3. A fresh server on the seeded books: copies read as their templates do, then the reports.
    server = await startServer({ databaseUrl, adminToken, dataDir, env, cpuProfDir });
    try {
      const api = apiClient(server.origin, setupApi.token);
      for (const sample of samples) await sameAsTemplate(api, sample, sample.collection);
      const walkStarted = performance.now();
      const middle = await middleOfReceivables(api);
      log(`walked ${middle.pagesWalked} pages of the receivable's ledger to ${MIDDLE} in ${seconds(walkStarted)} s`);
      const ageing = `/reports/receivables_ageing?date=${YEAR.last}`;
      const timings: Timing[] = [
        { name: 'trial_balance', path: `/reports/trial_balance?${year}`, targetMs: 100 },
        { name: 'profit_and_loss', path: `/reports/profit_and_loss?${year}`, targetMs: 100 },
        { name: 'balance_sheet', path: `/reports/balance_sheet?date=${YEAR.last}`, targetMs: 100 },
        { name: 'general_ledger_page', path: middle.path, targetMs: 20 },
        { name: 'receivables_ageing', path: ageing, targetMs: 2000 },
        { name: 'receivables_ageing_documents', path: `${ageing}&detail=documents`, targetMs: 2000 },
      ];
      const open = (await timed<{ receivables_ageing: { documents: unknown[] } }>(api, `${ageing}&detail=documents`)).body.receivables_ageing.documents.length;
      log(`${open.toLocaleString('en-US')} invoices open at ${YEAR.last}`);
      const figures: Record<string, number> = { invoices, bills, open_invoices: open, seed_s: seedS, verify_s: verifyS };
      let met = true;
      for (const t of timings) {
        const { ms, times, warmMs } = await medianOf(api, t.path, runs);
        figures[`${t.name}_ms`] = ms;
        met &&= ms < t.targetMs;
        log(`${t.name} median ${ms} ms of ${runs} (${times.join(', ')}; warm-up ${warmMs}); target < ${t.targetMs} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);
      }
      return {
        benchmark: `${BOOKS_BENCH}: statements, a general-ledger page and the ageing of ${invoices.toLocaleString('en-US')} invoices in a year`, engine, figures,
        target: { source: 'statements < 100 ms, general-ledger page < 20 ms, ageing < 2 s', met },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
