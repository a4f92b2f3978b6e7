import { expect } from 'vitest';
import type { HttpClient } from './http-client';
import type { TestApp } from './test-app';

/** The lines of an entry's posting in force as `[account name, debit, credit]`, sorted: what a test works out by hand. */
export async function postingOf(api: HttpClient, source: string, sourceId: string): Promise<[string, number, number][]> {
  const [journals, accounts] = await Promise.all([api.get(`/journals?source=${source}&source_id=${sourceId}`), api.get('/accounts?per_page=200')]);
  expect(journals.status, JSON.stringify(journals.body)).toBe(200);
  const names = new Map<string, string>(accounts.body.accounts.map((a: { account_id: string; account_name: string }) => [a.account_id, a.account_name]));
  const live = journals.body.journals.filter((j: { status: string }) => j.status === 'POSTED');
  expect(live).toHaveLength(1);
  return live[0].lines.map((l: { account_id: string; debit: number; credit: number }) => [names.get(l.account_id), l.debit, l.credit] as [string, number, number])
    .sort((a: [string, number, number], b: [string, number, number]) => a[0].localeCompare(b[0]));
}

/** A bank line's status, the rule it names, and its match rows, read from the database (the lines' own endpoints are the import's). */
export async function lineState(t: TestApp, orgId: string, lineId: string) {
  const db = t.app.database.db;
  const line = await db.selectFrom('bank_transactions').select(['status', 'bank_rule_id']).where('org_id', '=', orgId).where('bank_transaction_id', '=', lineId).executeTakeFirstOrThrow();
  const matches = await db.selectFrom('bank_matches').select(['match_group_id', 'source', 'source_id', 'amount']).where('org_id', '=', orgId).where('bank_transaction_id', '=', lineId).execute();
  return { status: line.status, bank_rule_id: line.bank_rule_id, matches: matches.map((m) => ({ ...m, amount: Number(m.amount) })) };
}
