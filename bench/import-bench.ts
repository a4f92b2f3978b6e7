/**
 * The spreadsheet import benchmarks, only when named: `--only import-contacts` (BENCH_IMPORT_CONTACTS,
 * 100,000 contacts) and `--only import-invoices` (BENCH_IMPORT_INVOICES, 20,000 invoices of four
 * lines). Each uploads a CSV through POST /imports and times from the send to the run's COMPLETED
 * (GET /imports/{id} polled every 200 ms): every row validated, its names resolved, created through
 * its kind's create path in a savepoint, its row key written, a batch per transaction. Then the same
 * file again: every row found by its key. Target: < 2 minutes each on SQLite.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { bootstrapOrg, type ApiClient } from './api-client';
import type { BackgroundResult, Engine } from './scenario-types';
import { startServer } from './server-process';

export const IMPORT_CONTACTS_BENCH = 'import-contacts';
export const IMPORT_INVOICES_BENCH = 'import-invoices';
const TARGET_MS = 120_000;

type Run = { status: string; created: number; already_imported: number; failed: number; import_id: string };

function contactsCsv(count: number): string {
  const out = ['contact_name,contact_type,email,phone,payment_terms,address,city,state,zip'];
  for (let i = 0; i < count; i++) out.push(`Party ${i},${i % 3 === 0 ? 'VENDOR' : 'CUSTOMER'},party${i}@example.com,'+91 98450 ${String(i).padStart(5, '0')},30,${i} MG Road,Bengaluru,Karnataka,560001`);
  return `${out.join('\n')}\n`;
}

/** Four lines each over 18%, 12% and 5%, dated across April to June 2025, amounts written as people write them. */
function invoicesCsv(count: number): string {
  const out = ['invoice_number,customer,date,place_of_supply,line_name,hsn_or_sac,quantity,rate,discount,tax'];
  for (let i = 0; i < count; i++) {
    const day = new Date(Date.UTC(2025, 3, 1) + (i % 90) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/2025`;
    out.push(`B/${i},Bench Customer ${i % 50},${date},29,Laptop stand,8473,2,"₹1,499.50",100,18`);
    out.push(',,,,Wireless mouse,8471,5,799,,18');
    out.push(',,,,Installation service,998713,3,"1,200",,12');
    out.push(',,,,Printed manuals,4901,10,150.25,,5');
  }
  return `${out.join('\n')}\n`;
}

async function timedRun(api: ApiClient, csv: string, kind: string): Promise<{ ms: number; run: Run }> {
  const form = new FormData();
  form.set('kind', kind);
  form.set('file', new Blob([csv]), `${kind}.csv`);
  const started = performance.now();
  const response = await fetch(`${api.baseUrl}/imports`, { method: 'POST', headers: { authorization: `Bearer ${api.token}` }, body: form });
  const text = await response.text();
  if (response.status !== 202) throw new Error(`the import answered ${response.status}: ${text.slice(0, 500)}`);
  const id = (JSON.parse(text) as { import: Run }).import.import_id;
  for (;;) {
    const { import: run } = await api.call<{ import: Run }>('GET', `/imports/${id}`);
    if (run.status === 'COMPLETED' || run.status === 'FAILED') return { ms: Math.round(performance.now() - started), run };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function importBenchmark(name: typeof IMPORT_CONTACTS_BENCH | typeof IMPORT_INVOICES_BENCH, engine: Engine, databaseUrl: string | undefined, { env = {}, cpuProfDir }: { env?: Record<string, string>; cpuProfDir?: string } = {}): Promise<BackgroundResult> {
  const contacts = name === IMPORT_CONTACTS_BENCH;
  const total = contacts ? Number(process.env.BENCH_IMPORT_CONTACTS || 100_000) : Number(process.env.BENCH_IMPORT_INVOICES || 20_000);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-import-bench-'));
  const log = (line: string) => console.log(`[${engine}] ${name}: ${line}`);
  const server = await startServer({ databaseUrl, adminToken, dataDir, env, cpuProfDir });
  try {
    const { api } = await bootstrapOrg(server.origin, adminToken, runId, { state_code: 'IN-KA', gstin: '29AABCB1234F1Z4', books_start_date: '2025-04-01' });
    if (!contacts) {
      for (let i = 0; i < 50; i++) await api.call('POST', '/contacts', { contact_name: `Bench Customer ${i}`, contact_type: 'CUSTOMER', gst_no: '29AAACR5055K1Z3' });
    }
    const csv = contacts ? contactsCsv(total) : invoicesCsv(total);
    const first = await timedRun(api, csv, contacts ? 'contacts' : 'invoices');
    if (first.run.created !== total) throw new Error(`the run created ${first.run.created} of ${total} (failed ${first.run.failed}, status ${first.run.status})`);
    log(`imported ${total.toLocaleString('en-US')} ${contacts ? 'contacts' : 'four-line invoices'} (${(csv.length / 1e6).toFixed(1)} MB) in ${first.ms} ms; target < ${TARGET_MS} ms; load average ${os.loadavg()[0]!.toFixed(2)}`);
    const again = await timedRun(api, csv, contacts ? 'contacts' : 'invoices');
    if (again.run.already_imported !== total) throw new Error(`the second run found ${again.run.already_imported} already imported`);
    log(`the same file again: ${again.ms} ms, all already imported`);
    return {
      benchmark: `${name}: ${total.toLocaleString('en-US')} ${contacts ? 'contacts' : 'four-line invoices'} from a CSV through POST /imports`, engine,
      figures: { rows: total, import_ms: first.ms, reimport_ms: again.ms },
      target: { source: `moving in: ${contacts ? '100,000 contacts' : '20,000 four-line invoices'} imported < 2 minutes on SQLite`, met: engine !== 'sqlite' || first.ms < TARGET_MS },
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
