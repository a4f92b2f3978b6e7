/**
 * The GSTR-2B reconciliation benchmark (issue 40), only when named (`--only itc-reconciliation`):
 * one organisation, one GSTIN, October 2026, BENCH_ITC_DOCUMENTS (20,000) approved bills from 200
 * registered vendors (bench/seed/bill-loader.ts: a template per kind through the API, the rest
 * copied in bulk straight into the database, the server stopped meanwhile; then `ledger verify`
 * and a comparison of copies with their templates through the API must be clean), and a GSTR-2B
 * of as many documents (bench/seed/gstr2b-mix.ts: most matching, some numbered otherwise, some
 * suggested, some mismatched, some missing on either side) uploaded through POST /gst/gstr2b,
 * timed. Then from a fresh server process, each a warm-up and the median of BENCH_REPORT_RUNS (5)
 * requests timed to the last byte, with the CPU the server and the database spent per request:
 * the reconciliation's first page (which matches the whole window), its CSV (every row) and
 * GSTR-3B on the 2B basis. The counts per status must be what was seeded. Target: < 10 s each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiClient, bootstrapOrg, runJobs, type ApiClient } from './api-client';
import type { BackgroundResult } from './scenario-types';
import { snapshot, type Roles } from './cpu';
import { databaseProcesses } from './scenario-runner';
import { median, seconds } from './report-timing';
import { copyBills, createBillTemplates, createVendors } from './seed/bill-loader';
import { postgresTarget, sqliteTarget, type Engine } from './seed/bulk-target';
import { gstr2bOfMonth, type Credit, type ExpectedCounts, type Figures } from './seed/gstr2b-mix';
import { MONTH, SUPPLIER } from './seed/invoice-mix';
import { ledgerVerify, sameAsTemplate } from './seed/seed-checks';
import { startServer } from './server-process';

export const ITC_BENCH = 'itc-reconciliation';

const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
const TARGET_MS = 10_000;
const month = `gstin=${SUPPLIER.gstin}&period=${MONTH.period}`;

interface ReconciliationPage {
  reconciliation: { books: ({ document_id: string } & Figures) | null }[];
  totals: { by_status: { status: keyof ExpectedCounts; count: number }[] };
}

/** One GET timed from its send to the last byte of the answer (ms), the body as text. */
async function timedText(api: ApiClient, path: string): Promise<{ ms: number; text: string }> {
  const started = performance.now();
  const response = await fetch(`${api.baseUrl}${path}`, { headers: { authorization: `Bearer ${api.token}` } });
  const text = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return { ms: performance.now() - started, text };
}

type Tax = { iamt: number; camt: number; samt: number; csamt: number };
interface Gstr3bBody { gstr3b: { itc_elg: { itc_avl: ({ ty: string } & Tax)[]; itc_rev: ({ ty: string } & Tax)[] } } }
const paiseOf = (t: Tax | undefined): Credit => ({ igst: Math.round((t?.iamt ?? 0) * 100), cgst: Math.round((t?.camt ?? 0) * 100), sgst: Math.round((t?.samt ?? 0) * 100), cess: Math.round((t?.csamt ?? 0) * 100) });

const countsOf = (page: ReconciliationPage) => Object.fromEntries(page.totals.by_status.map((s) => [s.status, s.count]));

interface Measured { name: string; path: string; check: (text: string) => void }

export async function itcReconciliationBenchmark(engine: Engine, databaseUrl: string | undefined, { env = {}, cpuProfDir }: { env?: Record<string, string>; cpuProfDir?: string } = {}): Promise<BackgroundResult> {
  const total = num(process.env.BENCH_ITC_DOCUMENTS, 20_000);
  const runs = num(process.env.BENCH_REPORT_RUNS, 5);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-itc-bench-'));
  const log = (line: string) => console.log(`[${engine}] ${ITC_BENCH}: ${line}`);
  try {
    // 1. Vendors and templates through the API, their figures as the reconciliation reads them; their events published, so the copies' are not delivered.
    let server = await startServer({ databaseUrl, adminToken, dataDir, env });
    const { orgId, api: setupApi } = await bootstrapOrg(server.origin, adminToken, runId, { state_code: SUPPLIER.stateCode, gstin: SUPPLIER.gstin, address: SUPPLIER.address });
    const vendors = await createVendors(setupApi, runId);
    const templates = await createBillTemplates(setupApi, runId, vendors, total);
    const read = await setupApi.call<ReconciliationPage>('GET', `/gst/reconciliation?${month}&per_page=200`);
    const figures = new Map(templates.map((t) => {
      const books = read.reconciliation.find((r) => r.books?.document_id === t.id)?.books;
      if (!books) throw new Error(`template bill ${t.plan.number} is not in the reconciliation`);
      return [`${t.plan.vendor.cls}:${t.plan.kind}`, books];
    }));
    await runJobs(server.origin, adminToken);
    await server.stop();

    // 2. The copies, straight into the database.
    const seedStarted = performance.now();
    const target = engine === 'sqlite' ? sqliteTarget(dataDir) : await postgresTarget(databaseUrl!);
    let samples;
    try {
      samples = await copyBills(target, orgId, vendors, templates, total);
    } finally {
      await target.close();
    }
    const seedS = seconds(seedStarted);
    const verifyStarted = performance.now();
    await ledgerVerify({ databaseUrl, dataDir });
    const verifyS = seconds(verifyStarted);
    log(`seeded ${total.toLocaleString('en-US')} bills (${templates.length} through the API) in ${seedS} s; ledger verify clean in ${verifyS} s`);

    // 3. Copies read as their templates do; the month's GSTR-2B uploaded.
    const { file, expected, credit } = gstr2bOfMonth(SUPPLIER.gstin, vendors, total, (cls, kind) => figures.get(`${cls}:${kind}`)!);
    server = await startServer({ databaseUrl, adminToken, dataDir, env });
    let uploadMs: number;
    try {
      const api = apiClient(server.origin, setupApi.token);
      for (const sample of samples) await sameAsTemplate(api, sample, sample.collection);
      const body = JSON.stringify(file);
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}/gst/gstr2b`, { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' }, body });
      const answer = await response.text();
      uploadMs = Math.round(performance.now() - started);
      if (response.status !== 201) throw new Error(`POST /gst/gstr2b answered ${response.status}: ${answer.slice(0, 500)}`);
      const { gstr2b } = JSON.parse(answer) as { gstr2b: { document_count: number } };
      if (gstr2b.document_count !== total) throw new Error(`the GSTR-2B upload counts ${gstr2b.document_count} documents, not ${total}`);
      log(`uploaded a GSTR-2B of ${total.toLocaleString('en-US')} documents (${(body.length / 1e6).toFixed(1)} MB) in ${uploadMs} ms`);
    } finally {
      await server.stop();
    }

    // 4. A fresh server: the reconciliation, its CSV and GSTR-3B on the 2B basis.
    server = await startServer({ databaseUrl, adminToken, dataDir, env, cpuProfDir });
    try {
      const api = apiClient(server.origin, setupApi.token);
      const rows = Object.values(expected).reduce((a, b) => a + b, 0);
      const measured: Measured[] = [
        { name: 'reconciliation', path: `/gst/reconciliation?${month}`, check: (text) => {
          const got = countsOf(JSON.parse(text) as ReconciliationPage);
          if (Object.entries(expected).some(([status, count]) => (got[status] ?? 0) !== count)) {
            throw new Error(`the reconciliation counts ${JSON.stringify(got)}, not the seeded ${JSON.stringify(expected)}`);
          }
        } },
        { name: 'reconciliation_csv', path: `/gst/reconciliation?${month}&format=csv`, check: (text) => {
          const lines = text.trimEnd().split('\n').length - 1;
          if (lines !== rows) throw new Error(`the reconciliation's CSV has ${lines} rows, not ${rows}`);
        } },
        { name: 'gstr3b_gstr2b', path: `/gst/gstr3b?${month}&itc_basis=gstr2b`, check: (text) => {
          const { itc_elg } = (JSON.parse(text) as Gstr3bBody).gstr3b;
          const got = { available: paiseOf(itc_elg.itc_avl.find((r) => r.ty === 'OTH')), reversed: paiseOf(itc_elg.itc_rev.find((r) => r.ty === 'OTH')) };
          if (JSON.stringify(got) !== JSON.stringify(credit)) throw new Error(`GSTR-3B 4(A)(5) and 4(B)(2) hold ${JSON.stringify(got)} (paise), not ${JSON.stringify(credit)}`);
        } },
      ];
      const results: Record<string, number> = { documents: total, seed_s: seedS, verify_s: verifyS, upload_ms: uploadMs };
      const roles: Roles = { server: server.pid, generator: process.pid, database: await databaseProcesses(databaseUrl) };
      const cpuTicks = () => {
        const taken = snapshot(roles);
        return taken ? taken.ticks.server + taken.ticks.database : Number.NaN;
      };
      let met = true;
      for (const m of measured) {
        const warm = await timedText(api, m.path);
        m.check(warm.text);
        const times: number[] = [];
        const ticksBefore = cpuTicks();
        for (let i = 0; i < runs; i++) times.push((await timedText(api, m.path)).ms);
        // Ticks are 10 ms (USER_HZ 100).
        const cpuMs = Math.round(((cpuTicks() - ticksBefore) * 10) / runs);
        const ms = Math.round(median(times));
        results[`${m.name}_ms`] = ms;
        results[`${m.name}_cpu_ms`] = cpuMs;
        met &&= ms < TARGET_MS;
        log(`GET ${m.path.split('?')[0]}${m.name.endsWith('csv') ? ' (csv)' : ''} median ${ms} ms of ${runs} (${times.map(Math.round).join(', ')}; warm-up ${Math.round(warm.ms)}); CPU per request ${cpuMs} ms (server${engine === 'postgres' ? ' + PostgreSQL' : ''}); ${(warm.text.length / 1e6).toFixed(1)} MB; target < ${TARGET_MS} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);
      }
      log(`counts per status as seeded: ${JSON.stringify(expected)}`);
      return {
        benchmark: `${ITC_BENCH}: ${total.toLocaleString('en-US')} GSTR-2B documents against as many bills in one GSTIN and month`, engine, figures: results,
        target: { source: 'issue 40: reconciliation of 20,000 against 20,000 < 10 s', met },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
