/**
 * The statement import benchmark (issue 41), only when named (`--only bank-import`): one
 * organisation, its Bank account, and an HDFC-style CSV of BENCH_BANK_LINES (100,000) lines
 * over 100 days with running balances, a UPI, NEFT or cheque narration and a reference each,
 * uploaded through POST /bank_accounts/{account_id}/statements and timed from the send to the
 * last byte of the answer: parsed, keyed, placed, balance-checked and stored in one transaction.
 * Then the same file again (every line found stored: nothing written but the statement row)
 * and a page of lines read. Target: < 20 s on SQLite, < 40 s on PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { bootstrapOrg } from './api-client';
import type { BackgroundResult, Engine } from './scenario-types';
import { startServer } from './server-process';

export const BANK_IMPORT_BENCH = 'bank-import';

const TARGET_MS: Record<Engine, number> = { sqlite: 20_000, postgres: 40_000 };

/** Rupees from paise as the bank writes them, with lakh grouping. */
function written(paise: number): string {
  const rupees = String(Math.floor(paise / 100));
  const last3 = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${rest ? `${rest},` : ''}${last3}.${String(paise % 100).padStart(2, '0')}`;
}

/** The statement: deposits and withdrawals in turn, the balance never below zero, 1,000 lines a day. */
export function statementCsv(lines: number): string {
  const out = ['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance'];
  let balance = 10_000_000_00;
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < lines; i++) {
    const day = new Date(start + Math.floor(i / 1000) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCFullYear()).slice(2)}`;
    const amount = 100_00 + ((i * 7919) % 5_000_00);
    const deposit = i % 2 === 0;
    balance += deposit ? amount : -amount;
    const ref = String(600000000000 + i);
    const narration = i % 3 === 0 ? `UPI-CUSTOMER ${i % 500}-cust${i % 500}@okhdfcbank-HDFC0000123-${ref}-INV ${i}` : i % 3 === 1 ? `NEFT DR-SBIN0001234-VENDOR ${i % 200}-NETBANK` : `CHQ DEP-${ref.slice(-6)}-PARTY ${i % 300}`;
    out.push(`${date},${narration},${ref},${date},${deposit ? '' : `"${written(amount)}"`},${deposit ? `"${written(amount)}"` : ''},"${written(balance)}"`);
  }
  return `${out.join('\n')}\n`;
}

export async function bankImportBenchmark(engine: Engine, databaseUrl: string | undefined, { env = {}, cpuProfDir }: { env?: Record<string, string>; cpuProfDir?: string } = {}): Promise<BackgroundResult> {
  const total = Number(process.env.BENCH_BANK_LINES || 100_000);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-bank-bench-'));
  const log = (line: string) => console.log(`[${engine}] ${BANK_IMPORT_BENCH}: ${line}`);
  const server = await startServer({ databaseUrl, adminToken, dataDir, env, cpuProfDir });
  try {
    const { api } = await bootstrapOrg(server.origin, adminToken, runId);
    const { accounts } = await api.call<{ accounts: { account_id: string; account_name: string }[] }>('GET', '/accounts?per_page=200');
    const bank = accounts.find((a) => a.account_name === 'Bank')!.account_id;
    const [pettyCash, expenses] = ['Petty Cash', 'General Expenses'].map((name) => accounts.find((a) => a.account_name === name)!.account_id);
    // The rules a business keeps, read for every line: two that mark lines for a person, one that makes a transfer to
    // petty cash of each cheque line of party 299 (every 300th line, all withdrawals: 333 of 100,000).
    const rules = [
      { name: 'Vendor 1x', condition: { contains: 'VENDOR 1' }, action: 'SUGGEST', target: { type: 'EXPENSE', account_id: expenses } },
      { name: 'Customers 4xx', condition: { matches: '^UPI-CUSTOMER 4[0-9]{2}-' }, action: 'SUGGEST', target: { type: 'EXPENSE', account_id: expenses } },
      { name: 'Cash for party 299', condition: { contains: 'PARTY 299', direction: 'OUT' }, action: 'CREATE', target: { type: 'TRANSFER', account_id: pettyCash } },
    ];
    for (const [i, rule] of rules.entries()) await api.call('POST', '/bank_rules', { account_id: bank, ...rule }, { 'idempotency-key': `bank-rule-${runId}-${i}` });
    const csv = statementCsv(total);
    const upload = async (key: string) => {
      const form = new FormData();
      form.set('file', new Blob([csv]), 'statement.csv');
      const started = performance.now();
      const response = await fetch(`${api.baseUrl}/bank_accounts/${bank}/statements`, { method: 'POST', headers: { authorization: `Bearer ${api.token}`, 'idempotency-key': key }, body: form });
      const text = await response.text();
      const ms = Math.round(performance.now() - started);
      if (response.status !== 201) throw new Error(`the import answered ${response.status}: ${text.slice(0, 500)}`);
      return { ms, statement: (JSON.parse(text) as { bank_statement: { lines: number; new_lines: number; matched: number } }).bank_statement };
    };
    const first = await upload(`bank-${runId}-1`);
    if (first.statement.new_lines !== total) throw new Error(`the import stored ${first.statement.new_lines} lines, not ${total}`);
    log(`imported ${total.toLocaleString('en-US')} lines (${(csv.length / 1e6).toFixed(1)} MB) with ${rules.length} rules (${first.statement.matched} lines made and matched by one) in ${first.ms} ms; target < ${TARGET_MS[engine]} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);
    const again = await upload(`bank-${runId}-2`);
    if (again.statement.new_lines !== 0) throw new Error(`the same file again stored ${again.statement.new_lines} lines`);
    log(`the same file again: ${again.ms} ms, no new lines`);
    const started = performance.now();
    await api.call('GET', `/bank_transactions?account_id=${bank}&status=unmatched&from_date=2026-03-01&per_page=200`);
    const pageMs = Math.round(performance.now() - started);
    log(`a page of 200 unmatched lines from March: ${pageMs} ms`);
    return {
      benchmark: `${BANK_IMPORT_BENCH}: a CSV statement of ${total.toLocaleString('en-US')} lines imported into one account with ${rules.length} rules`, engine,
      figures: { lines: total, rules: rules.length, matched_by_rules: first.statement.matched, import_ms: first.ms, reimport_ms: again.ms, page_ms: pageMs },
      target: { source: `issue 41: 100,000 CSV lines imported < ${TARGET_MS[engine] / 1000} s on ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, met: first.ms < TARGET_MS[engine] },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
