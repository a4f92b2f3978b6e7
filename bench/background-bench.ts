/**
 * Issue 6's background-work benchmarks, each on its own server process (the worker loop idle:
 * BAHI_WORKER_POLL_MS of a day, so work piles up and is then run by POST /api/admin/v1/jobs/run,
 * the worker's own code, timed from outside):
 *  - webhook drain: a backlog of BENCH_WEBHOOK_EVENTS (10,000) INVOICE_CREATED events, one
 *    endpoint on a local receiver (bench/receiver-process.ts, its own process; answers 204).
 *    Drained once alone, then BENCH_DRAIN_REPEATS (5) times while the bench reads
 *    GET /contacts/{id} at a steady BENCH_DRAIN_API_RATE (200 req/s), each time compared with
 *    the same reads just before without a drain, after the backlog is written (medians reported). Targets: >= 500
 *    deliveries/s; the reads' mean latency no more than 20% higher. BENCH_QUIET=1 waits for an
 *    idle machine before each measurement. On PostgreSQL the pairs are repeated with a separate
 *    `bahi worker` process draining (BENCH_DRAIN_SEPARATE=0 leaves that out).
 *  - scheduler tick: BENCH_SCHEDULES (10,000) INVOICE schedules due at 09:00 IST (fake clock),
 *    run by one tick. Target (SQLite): within 60 s.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { bootstrapOrg, request, runJobs, type ApiClient } from './api-client';
import { bulkInvoices, contact, istDay } from './document-scenarios';
import { selects, type BackgroundResult, type BenchContext, type Engine, type ServerSettings } from './scenario-types';
import { waitForIdle } from './cpu';
import { ROOT, startServer, startWorkerProcess } from './server-process';
import { postgresSoak } from './soak-bench';

const IDLE_WORKER = { BAHI_WORKER_POLL_MS: String(86_400_000) };
const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

/** The receiver (bench/receiver-process.ts) as a child process; its counts are read over HTTP. */
async function countingReceiver() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/receiver-process.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once('exit', (code) => reject(new Error(`receiver exited with ${code}`)));
  });
  const base = `http://127.0.0.1:${port}`;
  const stats = async () => (await (await fetch(`${base}/stats`)).json()) as { requests: number; distinct: number };
  return {
    url: `${base}/hooks`,
    stats,
    close: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

interface Reads { rps: number; p50: number; mean: number; p99: number }

/** How long reads run, unmeasured, between writing a backlog and measuring. */
const SETTLE_SECONDS = 3;

/**
 * GET /contacts/{id} at a steady `rate` for `durationS`: one request every 1/rate s, each timed
 * from its send to the end of its response (ms), on keep-alive connections. Steady, not
 * autocannon's fixed rate, which sends each second's requests in one burst: a burst's mean
 * swung 0.3–1.9 ms between quiet runs, with the requests queueing behind each other.
 */
async function readLoad(api: ApiClient, contactIds: string[], rate: number, durationS: number): Promise<Reads> {
  const url = new URL(api.baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const latencies: number[] = [];
  const get = (path: string) => new Promise<void>((resolve, reject) => {
    const sent = performance.now();
    http.get({ host: url.hostname, port: url.port, path, agent, headers: { authorization: `Bearer ${api.token}` } }, (res) => {
      res.resume();
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`read load: HTTP ${res.statusCode}`));
        latencies.push(performance.now() - sent);
        resolve();
      });
    }).on('error', reject);
  });
  const started = performance.now();
  const count = Math.round(rate * durationS);
  const reads: Array<Promise<void>> = [];
  for (let n = 0; n < count; n++) {
    const due = started + (n * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    reads.push(get(`${url.pathname}/contacts/${contactIds[n % contactIds.length]}`));
  }
  await Promise.all(reads);
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    rps: count / ((performance.now() - started) / 1000),
    p50: at(0.5), mean: latencies.reduce((a, b) => a + b, 0) / latencies.length, p99: at(0.99),
  };
}

const context = (engine: Engine, api: ApiClient, orgId: string, runId: string, settle: () => Promise<unknown>): BenchContext =>
  ({ engine, api, orgId, contactIds: [], runId, state: {}, settle: async () => { await settle(); } });

async function webhookDrain(engine: Engine, databaseUrl: string | undefined, { cpuProfDir, env }: ServerSettings): Promise<BackgroundResult[]> {
  const events = num(process.env.BENCH_WEBHOOK_EVENTS, 10_000);
  const rate = num(process.env.BENCH_DRAIN_API_RATE, 200);
  const repeats = num(process.env.BENCH_DRAIN_REPEATS, 5);
  const quiet = process.env.BENCH_QUIET === '1';
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const receiver = await countingReceiver();
  const server = await startServer({ databaseUrl, adminToken, cpuProfDir, env: { ...IDLE_WORKER, BAHI_WEBHOOK_ALLOW_PRIVATE: '1', ...env } });
  try {
    const { orgId, api } = await bootstrapOrg(server.origin, adminToken, runId);
    const ctx = context(engine, api, orgId, runId, () => runJobs(server.origin, adminToken));
    await api.call('POST', '/webhooks/endpoints', { url: receiver.url, events: ['INVOICE_CREATED'] });
    const customerId = await contact(ctx, 'CUSTOMER', `Drain customer ${runId}`);
    const readIds = await Promise.all(Array.from({ length: 50 }, (_, i) => contact(ctx, 'CUSTOMER', `Reader ${runId} ${i}`)));
    // Earlier scenarios' events (no endpoints) are published by the first run; start from an empty backlog.
    await runJobs(server.origin, adminToken);
    const backlog = async (label: string) => {
      const started = performance.now();
      await bulkInvoices(ctx, events, (i) => ({
        customer_id: customerId, date: istDay(), place_of_supply: 'IN-KA', auto_approve: true, reference_number: `${label}-${i}`,
        line_items: [{ name: 'Subscription', rate: 100 + (i % 50), quantity: 1 }],
      }), 4);
      console.log(`[${engine}]   backlog of ${events} INVOICE_CREATED (${label}) written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    };

    // Reads during a drain, with the deliveries the receiver counted while they ran (per second).
    const readsDuringDrain = async (readSeconds: number): Promise<Reads & { deliveredPerSecond: number }> => {
      const before = (await receiver.stats()).distinct;
      const started = performance.now();
      const reads = await readLoad(api, readIds, rate, readSeconds);
      const delivered = (await receiver.stats()).distinct - before;
      return { ...reads, deliveredPerSecond: delivered / ((performance.now() - started) / 1000) };
    };
    // `npm start`'s delivery thread, run by POST /jobs/run (as the worker loop would), timed from outside.
    const onDeliveryThread = async (readSeconds: number) => {
      const mark = (await receiver.stats()).distinct;
      const drain = runJobs(server.origin, adminToken);
      const reads = readSeconds > 0 ? await readsDuringDrain(readSeconds) : undefined;
      const { seconds } = await drain;
      return { seconds, reads, delivered: (await receiver.stats()).distinct - mark };
    };
    // PostgreSQL: a `bahi worker` process drains while the API process (whose own loop is idle) serves the reads.
    const separateWorker = async (readSeconds: number) => {
      const mark = (await receiver.stats()).distinct;
      const worker = startWorkerProcess(databaseUrl!, { BAHI_WEBHOOK_ALLOW_PRIVATE: '1', BAHI_WORKER_POLL_MS: '50', ...env });
      try {
        while ((await receiver.stats()).distinct === mark) await new Promise((resolve) => setTimeout(resolve, 20));
        const started = performance.now();
        const readsDone = readsDuringDrain(readSeconds);
        while ((await receiver.stats()).distinct < mark + events) await new Promise((resolve) => setTimeout(resolve, 20));
        const seconds = (performance.now() - started) / 1000;
        return { seconds, reads: await readsDone, delivered: (await receiver.stats()).distinct - mark };
      } finally {
        await worker.stop();
      }
    };
    type Drainer = typeof onDeliveryThread;
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const drainOnce = async (label: string, drainer: Drainer, readSeconds: number) => {
      const { seconds, reads, delivered } = await drainer(readSeconds);
      if (delivered !== events) throw new Error(`drain (${label}) delivered ${delivered} of ${events}`);
      return { perSecond: events / seconds, seconds, reads };
    };

    await backlog('alone');
    if (quiet) await waitForIdle(85, 300_000);
    const alone = await drainOnce('alone', onDeliveryThread, 0);
    const aloneRate = alone.perSecond;
    console.log(`[${engine}] webhook drain alone: ${events} deliveries in ${alone.seconds.toFixed(2)} s = ${Math.round(aloneRate)}/s`);
    // Pairs of (reads without a drain, reads during a drain), the reads about as long as the drain; medians over the pairs.
    // Both reads of a pair come after its backlog is written, on the same database: only the drain differs.
    const readSeconds = Math.max(3, Math.round(events / aloneRate));
    const compare = async (mode: string, drainer: Drainer) => {
      const pairs: Array<{ quiet: Reads; busy: Reads & { deliveredPerSecond: number }; drainPerSecond: number }> = [];
      for (let i = 0; i < repeats; i++) {
        await backlog(`${mode}-${i}`);
        if (quiet) await waitForIdle(85, 300_000);
        // Unmeasured reads first: the server's garbage from writing the backlog is collected
        // here, not in the reads without a drain (which it slowed by up to 2.5x, flattering the drain).
        await readLoad(api, readIds, rate, SETTLE_SECONDS);
        const calm = await readLoad(api, readIds, rate, readSeconds);
        const loaded = await drainOnce(`${mode}-${i}`, drainer, readSeconds);
        const busy = loaded.reads!;
        pairs.push({ quiet: calm, busy, drainPerSecond: loaded.perSecond });
        console.log(`[${engine}]   ${mode}: GET /contacts/{id} at ${rate}/s: mean ${calm.mean.toFixed(2)} ms (p50 ${calm.p50.toFixed(2)}, p99 ${calm.p99.toFixed(1)}) without a drain, `
          + `${busy.mean.toFixed(2)} ms (p50 ${busy.p50.toFixed(2)}, p99 ${busy.p99.toFixed(1)}) during one (${Math.round(busy.deliveredPerSecond)} deliveries/s while reading, ${Math.round(loaded.perSecond)}/s overall)`);
      }
      const result = {
        quietMean: median(pairs.map((p) => p.quiet.mean)), busyMean: median(pairs.map((p) => p.busy.mean)),
        quietP50: median(pairs.map((p) => p.quiet.p50)), busyP50: median(pairs.map((p) => p.busy.p50)),
        quietP99: median(pairs.map((p) => p.quiet.p99)), busyP99: median(pairs.map((p) => p.busy.p99)),
        slowdownPct: median(pairs.map((p) => ((p.busy.mean - p.quiet.mean) / p.quiet.mean) * 100)),
        drainPerSecond: median(pairs.map((p) => p.drainPerSecond)),
        whileReadingPerSecond: median(pairs.map((p) => p.busy.deliveredPerSecond)),
      };
      console.log(`[${engine}] ${mode}: drain ${Math.round(result.whileReadingPerSecond)}/s while reading, ${Math.round(result.drainPerSecond)}/s overall; reads ${result.slowdownPct >= 0 ? '+' : ''}${result.slowdownPct.toFixed(0)}% (median of ${repeats})`);
      return result;
    };
    const readResult = (mode: string, r: Awaited<ReturnType<typeof compare>>): BackgroundResult => ({
      benchmark: `GET /contacts/{id} at ${rate}/s during a drain (${mode})`, engine,
      figures: {
        pairs: repeats, drain_per_second: r.drainPerSecond, drain_per_second_while_reading: r.whileReadingPerSecond, quiet_mean_ms: r.quietMean, drain_mean_ms: r.busyMean, mean_slowdown_pct: r.slowdownPct,
        quiet_p50_ms: r.quietP50, drain_p50_ms: r.busyP50, quiet_p99_ms: r.quietP99, drain_p99_ms: r.busyP99,
      },
      target: {
        source: 'issue 6: API requests slow by at most 20% during the drain (mean latency), the drain >= 500/s while they are served',
        met: r.slowdownPct <= 20 && r.whileReadingPerSecond >= 500,
      },
    });
    const deliveryThread = await compare('npm start: the delivery thread', onDeliveryThread);
    const own = databaseUrl && process.env.BENCH_DRAIN_SEPARATE !== '0' ? await compare('separate bahi worker process', separateWorker) : undefined;
    const loadedRate = deliveryThread.drainPerSecond;
    const stats = await receiver.stats();
    const duplicates = stats.requests - stats.distinct;
    return [
      {
        benchmark: `webhook drain: ${events} outbox events to one local receiver`, engine,
        figures: { deliveries: events, seconds: alone.seconds, per_second: aloneRate, under_read_load_per_second: loadedRate, duplicate_sends: duplicates },
        target: { source: 'issue 6: a backlog of 10,000 events drains at >= 500 deliveries/s', met: aloneRate >= 500 && loadedRate >= 500 && duplicates === 0 },
      },
      readResult('npm start: the delivery thread', deliveryThread),
      ...(own ? [readResult('separate bahi worker process', own)] : []),
    ];
  } finally {
    await server.stop();
    await receiver.close();
  }
}

async function schedulerTick(engine: Engine, databaseUrl: string | undefined, { cpuProfDir, env }: ServerSettings): Promise<BackgroundResult> {
  const count = num(process.env.BENCH_SCHEDULES, 10_000);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const server = await startServer({ databaseUrl, adminToken, cpuProfDir, env: { ...IDLE_WORKER, BAHI_CLOCK: 'fake', ...env } });
  try {
    const { orgId, api } = await bootstrapOrg(server.origin, adminToken, runId);
    const ctx = context(engine, api, orgId, runId, () => runJobs(server.origin, adminToken));
    const customerId = await contact(ctx, 'CUSTOMER', `Scheduled customer ${runId}`);
    const day = istDay(1);
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < count; i = next++) {
        await api.call('POST', '/recurring', {
          entity_type: 'INVOICE', name: `Tick ${i}`, frequency: 'MONTHLY', start_date: day,
          template_payload: { customer_id: customerId, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Plan', rate: 100 + (i % 100), quantity: 1 }] },
        }, { 'idempotency-key': `tick-${runId}-${i}` });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(`[${engine}]   ${count} INVOICE schedules due ${day} 09:00 IST created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const { status } = await request(`${server.origin}/api/admin/v1/clock`, 'PUT', adminToken, { now: `${day}T03:30:00Z` });
    if (status !== 200) throw new Error(`PUT /clock answered ${status}`);
    const tick = await runJobs(server.origin, adminToken);
    const ran = tick.jobs.recurring_scheduler ?? 0;
    if (ran !== count) throw new Error(`the tick ran ${ran} of ${count} schedules`);
    console.log(`[${engine}] scheduler tick: ${ran} schedules run (an invoice each) in ${tick.seconds.toFixed(1)} s`);
    return {
      benchmark: `scheduler tick: ${count} due INVOICE schedules`, engine,
      figures: { schedules: ran, seconds: tick.seconds, per_second: ran / tick.seconds },
      target: { source: 'issue 6: a tick with 10,000 due schedules completes within 60 s (SQLite)', met: tick.seconds <= 60 },
    };
  } finally {
    await server.stop();
  }
}

/** How the benchmarks' servers start: `env` (BENCH_SERVER_ENV) on top of their own settings; with `cpuProfDir`, each writes a V8 CPU profile there. */
/** The background benchmarks `only` selects (substrings of "webhook drain", "scheduler tick", "soak"; none: all). */
export async function backgroundBenchmarks(engine: Engine, databaseUrl: string | undefined, only: string[], server: ServerSettings): Promise<BackgroundResult[]> {
  const results: BackgroundResult[] = [];
  if (selects(only, 'webhook drain')) results.push(...(await webhookDrain(engine, databaseUrl, server)));
  if (selects(only, 'scheduler tick')) results.push(await schedulerTick(engine, databaseUrl, server));
  // Last: it restarts PostgreSQL under the others' feet.
  if (engine === 'postgres' && databaseUrl && selects(only, 'soak')) {
    const soak = await postgresSoak(databaseUrl, server);
    if (soak) results.push(soak);
  }
  return results;
}
