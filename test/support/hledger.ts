import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { HttpClient } from './http-client';

/**
 * The real hledger, run on GET /exports/ledger's journal: the first `hledger` on PATH, as a shell
 * would find it (CI installs Debian's). Tests that need it skip without it, saying so in one line.
 */
export const HLEDGER = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'hledger')).find((file) => fs.existsSync(file));

export const withoutHledger = (what: string) => `${what}: skipped, no hledger on PATH (apt-get install hledger)`;

/** Runs hledger on a journal written to a temporary file; throws with hledger's message when it fails. */
export function runHledger(journal: string, ...args: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-hledger-'));
  try {
    const file = path.join(dir, 'ledger.journal');
    fs.writeFileSync(file, journal);
    // hledger reads its input in the locale's encoding: UTF-8 for non-ASCII names.
    return execFileSync(HLEDGER!, [...args, '-f', file], { encoding: 'utf8', env: { ...process.env, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8' } });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** "INR -1,180.05" (or hledger's bare "0") → paise, by the digits, never through a float. */
export function paiseOf(amount: string): number {
  const match = /^(-?)(?:INR\s*)?(-?)([\d,]+)(?:\.(\d{2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not an INR amount: ${amount}`);
  const sign = match[1] || match[2] ? -1 : 1;
  return sign * (Number(match[3]!.replace(/,/g, '')) * 100 + Number(match[4] ?? '0'));
}

/** `hledger balance`: every account with a non-zero balance, by its full name, in paise (debit positive). */
export function hledgerBalances(journal: string): Record<string, number> {
  const csv = runHledger(journal, 'balance', '-O', 'csv');
  const rows = csv.trim().split(/\r?\n/).slice(1).map((line) => JSON.parse(`[${line}]`) as [string, string]);
  return Object.fromEntries(rows.filter(([account]) => account !== 'total').map(([account, amount]) => [account, paiseOf(amount)]));
}

/** The trial balance through a date (or, over a period, its closing): every account with a non-zero balance, by its Bahi name, in paise (debit positive). */
export async function trialBalances(api: HttpClient, query: string): Promise<Record<string, number>> {
  const res = await api.get(`/reports/trial_balance${query}`);
  expect(res.status).toBe(200);
  const rows = res.body.trial_balance.accounts as { account_name: string; balance: number; balance_side: string }[];
  return Object.fromEntries(rows.filter((r) => r.balance !== 0).map((r) => [r.account_name, paiseOf(r.balance.toFixed(2)) * (r.balance_side === 'DEBIT' ? 1 : -1)]));
}

/**
 * The export of a period passes `hledger check --strict`, and hledger's balance of each account
 * equals its closing balance on the trial balance over the period (both open it by the year-opening rule). For a seeded chart, whose names hledger
 * takes as they are: an account is matched by its name under the top level.
 */
export async function expectHledgerAgrees(api: HttpClient, fromDate: string, toDate: string): Promise<void> {
  const res = await api.get(`/exports/ledger?from_date=${fromDate}&to_date=${toDate}`);
  expect(res.status).toBe(200);
  const journal = res.body as string;
  runHledger(journal, 'check', '--strict');
  const byName = Object.fromEntries(Object.entries(hledgerBalances(journal)).map(([account, paise]) => [account.slice(account.indexOf(':') + 1), paise]));
  expect(byName).toEqual(await trialBalances(api, `?from_date=${fromDate}&to_date=${toDate}`));
}
