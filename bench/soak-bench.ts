/**
 * The PostgreSQL soak: BENCH_SOAK_SECONDS (60) of invoice creates at a steady
 * BENCH_SOAK_RATE (100/s) from 8 clients that retry a 503 or a dropped connection with the same
 * Idempotency-Key, while PostgreSQL is restarted twice (`pg_ctl restart -m fast`) and the
 * service's busy backends are terminated twice. Then: every acknowledged create is in the books
 * exactly once, none is there that was not acknowledged, the numbers run without a gap,
 * `bahi ledger verify` is clean and the server is the process that started. Needs a PostgreSQL
 * it may restart: the one scripts/with-postgres.sh starts (TEST_PG_CTL); otherwise it is skipped,
 * saying so.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { HttpClient } from '../test/support/http-client';
import { allInvoices, startInvoiceLoad } from '../test/support/invoice-load';
import { isAlive, terminateBusyBackends, whenAccepting } from '../test/support/postgres-faults';
import { sealingKeyEnv } from '../test/support/test-database';
import { bootstrapOrg } from './api-client';
import type { BackgroundResult, ServerSettings } from './scenario-types';
import { ROOT, startServer } from './server-process';

const run = promisify(execFile);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

export async function postgresSoak(databaseUrl: string, { env }: ServerSettings): Promise<BackgroundResult | null> {
  const pgCtl = process.env.TEST_PG_CTL;
  if (!pgCtl) {
    console.log('[postgres] soak skipped: it restarts PostgreSQL, so it needs the server scripts/with-postgres.sh starts (TEST_PG_CTL)');
    return null;
  }
  const seconds = num(process.env.BENCH_SOAK_SECONDS, 60);
  const rate = num(process.env.BENCH_SOAK_RATE, 100);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const server = await startServer({ databaseUrl, adminToken, env });
  try {
    const { api: bench } = await bootstrapOrg(server.origin, adminToken, runId);
    const api = new HttpClient(bench.baseUrl, bench.token);
    const customer = await api.post('/contacts', { contact_name: `Soak ${runId}`, contact_type: 'CUSTOMER' }, { idempotencyKey: `soak-${runId}` });
    const load = startInvoiceLoad(api, customer.body.contact.contact_id, 8, { ratePerSecond: rate });
    const started = performance.now();
    const at = (fraction: number) => pause(Math.max(0, started + fraction * seconds * 1000 - performance.now()));
    const recoveries: number[] = [];
    let terminated = 0;
    const restart = async () => {
      await run(pgCtl, ['restart', '-m', 'fast', '-w', '-t', '60']);
      const accepting = await whenAccepting(databaseUrl);
      while (!load.report.acknowledged.some((a) => a.at > accepting) && performance.now() - accepting < 30_000) await pause(5);
      const first = load.report.acknowledged.find((a) => a.at > accepting);
      recoveries.push(first ? first.at - accepting : Infinity);
    };
    const terminate = async () => {
      for (let i = 0; i < 3; i++) {
        terminated += await terminateBusyBackends(databaseUrl);
        await pause(300);
      }
    };
    await at(0.15);
    await restart();
    await at(0.35);
    await terminate();
    await at(0.55);
    await restart();
    await at(0.75);
    await terminate();
    await at(1);
    const report = await load.stop();
    const elapsed = (performance.now() - started) / 1000;

    const stored = await allInvoices(api);
    const storedIds = new Set(stored.map((i) => i.invoice_id));
    const acknowledgedIds = new Set(report.acknowledged.map((a) => a.invoiceId));
    const lost = [...acknowledgedIds].filter((id) => !storedIds.has(id)).length;
    const duplicated = stored.length - acknowledgedIds.size + (report.acknowledged.length - acknowledgedIds.size);
    const serials = stored.map((i) => Number(i.invoice_number.split('-').pop())).sort((a, b) => a - b);
    const gaps = serials.filter((n, i) => n !== i + 1).length;
    const verify = await run(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', 'ledger', 'verify'], {
      cwd: ROOT, env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, ...sealingKeyEnv(databaseUrl), BAHI_ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn' },
    }).then(() => 0, () => 1);
    const serverAlive = isAlive(server.pid) ? 1 : 0;
    console.log(`[postgres] soak: ${report.acknowledged.length} creates acknowledged in ${elapsed.toFixed(1)} s; ${report.unavailable} answers 503, ${report.noAnswer} without an answer, ${report.unexpected.length} unexpected; lost ${lost}, duplicated ${duplicated}, number gaps ${gaps}; backends terminated ${terminated}; first write after each restart ${recoveries.map((ms) => `${Math.round(ms)} ms`).join(', ')} after PostgreSQL accepted; ledger verify ${verify === 0 ? 'clean' : 'FAILED'}; server ${serverAlive ? 'never restarted' : 'GONE'}`);
    return {
      benchmark: `soak: ${seconds} s of invoice creates at ${rate}/s, PostgreSQL restarted twice and busy backends terminated twice`, engine: 'postgres',
      figures: {
        seconds: elapsed, acknowledged: report.acknowledged.length, stored: stored.length, lost, duplicated, number_gaps: gaps,
        answered_503: report.unavailable, no_answer: report.noAnswer, unexpected: report.unexpected.length, backends_terminated: terminated,
        first_write_after_restart_1_ms: Math.round(recoveries[0] ?? Infinity), first_write_after_restart_2_ms: Math.round(recoveries[1] ?? Infinity),
        ledger_verify_problems: verify, server_restarted: 1 - serverAlive,
      },
      target: {
        source: 'issue 24: 0 lost and 0 duplicated writes, the process never restarted, writes again within 1 s of PostgreSQL accepting',
        met: lost === 0 && duplicated === 0 && gaps === 0 && verify === 0 && serverAlive === 1 && report.unexpected.length === 0 && recoveries.every((ms) => ms < 1000),
      },
    };
  } finally {
    await server.stop();
  }
}
