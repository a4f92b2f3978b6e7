import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { ApiClient } from '../api-client';
import { sealingKeyEnv } from '../../test/support/test-database';
import { ROOT } from '../server-process';

const run = promisify(execFile);

/** `bahi ledger verify` on the seeded database; throws with what it reported unless it is clean. */
export async function ledgerVerify(database: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const env = { PATH: process.env.PATH, LOG_LEVEL: 'warn', BAHI_DATA_DIR: database.dataDir, ...(database.databaseUrl && { DATABASE_URL: database.databaseUrl }), ...sealingKeyEnv(database.databaseUrl) };
  try {
    await run(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', 'ledger', 'verify'], { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    const lines = `${stdout}${stderr}`.trim().split('\n');
    throw new Error(`ledger verify reported ${lines.length} problem(s) on the seeded books:\n${lines.slice(0, 20).join('\n')}`);
  }
}

const swapped = (text: string, values: ReadonlyMap<string, string>) => {
  let out = text;
  for (const [templateValue, copyValue] of values) out = out.split(copyValue).join(templateValue);
  return out;
};

/**
 * A copy read through the API is its template read through the API, once the copy's own values
 * (ids, number, customer) are put back to the template's: every amount, line, tax head, status
 * and date the same. `collection` is the document's path, e.g. `invoices` (`/invoices/{id}`); its journals are compared too.
 */
export async function sameAsTemplate(api: ApiClient, copy: { templateId: string; values: ReadonlyMap<string, string> }, collection = 'invoices'): Promise<void> {
  const copyId = copy.values.get(copy.templateId)!;
  const read = async (id: string) => JSON.stringify({
    document: await api.call('GET', `/${collection}/${id}`),
    journals: await api.call('GET', `/journals?source_id=${id}`),
  });
  const [template, copied] = await Promise.all([read(copy.templateId), read(copyId)]);
  if (swapped(copied, copy.values) !== template) {
    throw new Error(`${collection} ${copyId}, a copy of ${copy.templateId}, reads differently through the API:\n${copied.slice(0, 2000)}\nvs\n${template.slice(0, 2000)}`);
  }
}
