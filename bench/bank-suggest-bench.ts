/**
 * The bank suggestion benchmark (issue 41), only when named (`--only bank-suggest`): one
 * organisation, BENCH_BANK_LINES (10,000) receipts into its Bank account through POST /payments
 * from 100 customers over June 2026 (amounts 1,000 to 5,999 rupees, so each amount is two
 * receipts'), then as many statement lines of those amounts, each one to three days after its
 * receipt and listed in date order as a statement is, written straight into the database with the server stopped (what an import stores).
 * From a fresh server, every unmatched line's suggestions are read through
 * GET /bank_accounts/{account_id}/suggestions, 200 lines a page, timed from the first request to
 * the last byte of the last page. Every line must have its own receipt among its suggestions.
 * Target: < 30 s on SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiClient, bootstrapOrg, seedContacts, type ApiClient } from './api-client';
import type { BackgroundResult } from './scenario-types';
import { seconds } from './report-timing';
import { postgresTarget, sqliteTarget, type Engine } from './seed/bulk-target';
import { startServer } from './server-process';

export const BANK_SUGGEST_BENCH = 'bank-suggest';

const TARGET_MS = 30_000;
const CUSTOMERS = 100;
const PAGE = 200;
const num = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
const juneDay = (i: number) => `2026-06-${String(1 + (i % 27)).padStart(2, '0')}`;
const lineDay = (i: number) => `2026-06-${String(2 + (i % 27) + (i % 3)).padStart(2, '0')}`;
const rupeesOf = (i: number) => 1000 + (i % 5000);

interface Page {
  bank_transactions: { bank_transaction_id: string; suggestions: { source_id: string }[] }[];
  page_context: { next_cursor: string | null };
}

/** The receipts, `concurrency` at a time; their ids in order. */
async function seedReceipts(api: ApiClient, runId: string, bank: string, customers: readonly string[], count: number, concurrency = 16): Promise<string[]> {
  const ids: string[] = new Array(count);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const { payment } = await api.call<{ payment: { payment_id: string } }>('POST', '/payments', {
        flow: 'INCOMING', contact_id: customers[i % customers.length], date: juneDay(i), amount: rupeesOf(i), bank_account_id: bank,
        mode: 'BANK_TRANSFER', reference_number: `UTR${runId}${i}`,
      }, { 'idempotency-key': `receipt-${runId}-${i}` });
      ids[i] = payment.payment_id;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return ids;
}

export async function bankSuggestBenchmark(engine: Engine, databaseUrl: string | undefined, { env = {}, cpuProfDir }: { env?: Record<string, string>; cpuProfDir?: string } = {}): Promise<BackgroundResult> {
  const total = num(process.env.BENCH_BANK_LINES, 10_000);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-bank-bench-'));
  const log = (line: string) => console.log(`[${engine}] ${BANK_SUGGEST_BENCH}: ${line}`);
  try {
    // 1. The receipts through the API.
    let server = await startServer({ databaseUrl, adminToken, dataDir, env });
    const { orgId, api: setupApi } = await bootstrapOrg(server.origin, adminToken, runId);
    let receipts: string[];
    let bank: string;
    const seedStarted = performance.now();
    try {
      const { accounts } = await setupApi.call<{ accounts: { account_id: string; account_name: string }[] }>('GET', '/accounts?account_type=BANK');
      bank = accounts.find((a) => a.account_name === 'Bank')!.account_id;
      receipts = await seedReceipts(setupApi, runId, bank, await seedContacts(setupApi, runId, CUSTOMERS), total);
    } finally {
      await server.stop();
    }
    log(`${total.toLocaleString('en-US')} receipts through POST /payments in ${seconds(seedStarted)} s`);

    // 2. The statement's lines, straight into the database.
    const target = engine === 'sqlite' ? sqliteTarget(dataDir) : await postgresTarget(databaseUrl!);
    try {
      const now = new Date().toISOString();
      const statementId = `bst_bench${runId}`;
      await target.transaction(async () => {
        await target.insert('bank_statements', ['org_id', 'statement_id', 'account_id', 'format', 'file_name', 'lines', 'new_lines', 'matched', 'created_time'],
          [[orgId, statementId, bank, 'CSV', 'bench.csv', total, total, 0, now]]);
        await target.insert('bank_transactions',
          ['org_id', 'bank_transaction_id', 'account_id', 'statement_id', 'line_key', 'sequence', 'txn_date', 'narration', 'direction', 'amount', 'status', 'version', 'created_time', 'updated_time'],
          // In date order, as a statement lists them.
          receipts.map((_, i) => i).sort((a, b) => lineDay(a).localeCompare(lineDay(b)) || a - b).map((i, at) => [orgId, `btx_bench${runId}${i}`, bank, statementId, `bench:${i}`, at + 1, lineDay(i), `NEFT CR-UTR${runId}${i}-SEED ${runId} ${i % CUSTOMERS}`, 'IN', rupeesOf(i) * 100, 'UNMATCHED', 1, now, now]));
      });
      await target.settle();
    } finally {
      await target.close();
    }

    // 3. From a fresh server, every line's suggestions, a page at a time.
    server = await startServer({ databaseUrl, adminToken, dataDir, env, cpuProfDir });
    try {
      const api = apiClient(server.origin, setupApi.token);
      const started = performance.now();
      let cursor: string | null = null;
      let lines = 0;
      let pages = 0;
      let found = 0;
      let suggestions = 0;
      do {
        const query: string = `per_page=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const page: Page = await api.call<Page>('GET', `/bank_accounts/${bank}/suggestions?${query}`);
        pages++;
        for (const line of page.bank_transactions) {
          const i = Number(line.bank_transaction_id.slice(`btx_bench${runId}`.length));
          if (line.suggestions.some((s) => s.source_id === receipts[i])) found++;
          suggestions += line.suggestions.length;
        }
        lines += page.bank_transactions.length;
        cursor = page.page_context.next_cursor;
      } while (cursor);
      const ms = Math.round(performance.now() - started);
      if (lines !== total || found !== total) throw new Error(`suggestions read ${lines} lines, ${found} with their own receipt, of ${total}`);
      log(`${total.toLocaleString('en-US')} lines suggested in ${ms} ms (${pages} pages of ${PAGE}; ${suggestions.toLocaleString('en-US')} suggestions, every line's own receipt among them); target < ${TARGET_MS} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);
      return {
        benchmark: `${BANK_SUGGEST_BENCH}: ${total.toLocaleString('en-US')} bank lines suggested against as many receipts`, engine,
        figures: { lines: total, suggest_ms: ms, pages, suggestions },
        target: { source: 'issue 41: 10,000 lines suggested against 10,000 payments < 30 s on SQLite', met: ms < TARGET_MS },
      };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
