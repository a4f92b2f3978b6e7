/**
 * The GST returns benchmark: one organisation with BENCH_GST_INVOICES (100,000) approved
 * invoices in one GSTIN and month (bench/seed/: templates through the API, the rest copied in
 * bulk straight into the database, the server stopped meanwhile; then `ledger verify` and a
 * comparison of copies with their templates through the API must be clean), then GSTR-1,
 * GSTR-3B and the HSN summary of that month through HTTP from a fresh server process: one
 * warm-up, then the median of BENCH_REPORT_RUNS (5) requests, each timed to its last byte, and
 * the CPU the server and the database spent per request: on a machine shared with other work the
 * wall time stretches with the load, the CPU time much less (it is what an idle machine would wait).
 * Targets: GSTR-1 < 5 s, GSTR-3B < 1 s, HSN summary < 2 s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiClient, bootstrapOrg, runJobs } from './api-client';
import type { BackgroundResult } from './scenario-types';
import { snapshot, type Roles } from './cpu';
import { databaseProcesses } from './scenario-runner';
import { median, seconds, timed } from './report-timing';
import { postgresTarget, sqliteTarget, type Engine } from './seed/bulk-target';
import { MONTH, SUPPLIER } from './seed/invoice-mix';
import { copyInvoices, createTemplates } from './seed/invoice-loader';
import { ledgerVerify, sameAsTemplate } from './seed/seed-checks';
import { startServer } from './server-process';

export const GST_RETURNS_BENCH = 'gst-returns';

const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

interface Report { name: string; path: string; targetMs: number }
const REPORTS: Report[] = [
  { name: 'gstr1', path: `/gst/gstr1?gstin=${SUPPLIER.gstin}&period=${MONTH.period}`, targetMs: 5000 },
  { name: 'gstr3b', path: `/gst/gstr3b?gstin=${SUPPLIER.gstin}&period=${MONTH.period}`, targetMs: 1000 },
  { name: 'hsn_summary', path: `/reports/hsn_summary?gstin=${SUPPLIER.gstin}&from_date=${MONTH.first}&to_date=${MONTH.last}`, targetMs: 2000 },
];

/** The invoices GSTR-1 counts in doc_issue: every seeded one must be there. */
const issuedIn = (body: Record<string, unknown>) => {
  const { doc_issue } = (body as { gstr1: { doc_issue: { doc_det: { docs: { totnum: number }[] }[] } } }).gstr1;
  return doc_issue.doc_det.flatMap((d) => d.docs).reduce((sum, d) => sum + d.totnum, 0);
};

export async function gstReturnsBenchmark(engine: Engine, databaseUrl: string | undefined, { env = {}, cpuProfDir }: { env?: Record<string, string>; cpuProfDir?: string } = {}): Promise<BackgroundResult> {
  const total = num(process.env.BENCH_GST_INVOICES, 100_000);
  const runs = num(process.env.BENCH_REPORT_RUNS, 5);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-gst-bench-'));
  try {
    // 1. Templates through the API; their events published, so the copies' are not delivered.
    let server = await startServer({ databaseUrl, adminToken, dataDir, env });
    const { orgId, api: setupApi } = await bootstrapOrg(server.origin, adminToken, runId, { state_code: SUPPLIER.stateCode, gstin: SUPPLIER.gstin, address: SUPPLIER.address });
    const templates = await createTemplates(setupApi, runId, MONTH.first);
    await runJobs(server.origin, adminToken);
    await server.stop();

    // 2. The copies, straight into the database.
    const seedStarted = performance.now();
    const target = engine === 'sqlite' ? sqliteTarget(dataDir) : await postgresTarget(databaseUrl!);
    const sample = [0, 1, 2, 3, Math.floor(total / 2), total - templates.invoices.length - 1];
    let sampled;
    try {
      sampled = await copyInvoices(target, orgId, templates, total, sample);
    } finally {
      await target.close();
    }
    const seedS = seconds(seedStarted);
    const verifyStarted = performance.now();
    await ledgerVerify({ databaseUrl, dataDir });
    const verifyS = seconds(verifyStarted);
    console.log(`[${engine}] ${GST_RETURNS_BENCH}: seeded ${total.toLocaleString('en-US')} invoices (${templates.invoices.length} through the API) in ${seedS} s; ledger verify clean in ${verifyS} s`);

    // 3. A fresh server on the seeded books: copies read as their templates do, then the reports.
    server = await startServer({ databaseUrl, adminToken, dataDir, env, cpuProfDir });
    try {
      const api = apiClient(server.origin, setupApi.token);
      for (const { template, values } of sampled.values()) await sameAsTemplate(api, { templateId: templates.invoices[template]!.id, values });
      const figures: Record<string, number> = { invoices: total, seed_s: seedS, verify_s: verifyS };
      const roles: Roles = { server: server.pid, generator: process.pid, database: await databaseProcesses(databaseUrl) };
      const cpuTicks = () => {
        const taken = snapshot(roles);
        return taken ? taken.ticks.server + taken.ticks.database : Number.NaN;
      };
      let met = true;
      for (const report of REPORTS) {
        const warm = await timed(api, report.path);
        if (report.name === 'gstr1' && issuedIn(warm.body) !== total) throw new Error(`GSTR-1 counts ${issuedIn(warm.body)} invoices issued, not ${total}`);
        const times: number[] = [];
        const ticksBefore = cpuTicks();
        for (let i = 0; i < runs; i++) times.push((await timed(api, report.path)).ms);
        // Ticks are 10 ms (USER_HZ 100).
        const cpuMs = Math.round(((cpuTicks() - ticksBefore) * 10) / runs);
        const ms = Math.round(median(times));
        figures[`${report.name}_ms`] = ms;
        figures[`${report.name}_cpu_ms`] = cpuMs;
        met &&= ms < report.targetMs;
        console.log(`[${engine}] ${GST_RETURNS_BENCH}: GET ${report.path.split('?')[0]} median ${ms} ms of ${runs} (${times.map(Math.round).join(', ')}; warm-up ${Math.round(warm.ms)}); CPU per request ${cpuMs} ms (server${engine === 'postgres' ? ' + PostgreSQL' : ''}); target < ${report.targetMs} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);
      }
      return {
        benchmark: `${GST_RETURNS_BENCH}: GSTR-1, GSTR-3B and HSN summary of ${total.toLocaleString('en-US')} invoices in one GSTIN and month`, engine, figures,
        target: { source: 'issue 28: GSTR-1 < 5 s, GSTR-3B < 1 s, HSN summary < 2 s', met },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
