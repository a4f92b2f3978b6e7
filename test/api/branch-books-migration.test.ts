import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database';
import { ledgerReports } from '../../src/modules/ledger';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/*
 * Migration 023 on books written before it: every entry takes its document's branch (an
 * allocation its payment's), else the organisation's default branch, and its lines their
 * entry's; payments take the default branch; the organisation gets Inter-branch Transfers.
 */

let before: DatabaseBefore;
let database: Database;

const ORG = 'org_OLD';
const journal = (journalId: string, source: string, sourceId: string) => ({
  org_id: ORG, journal_id: journalId, entry_date: '2025-06-01', source, source_id: sourceId, source_version: 1, kind: 'POSTING', total: 100, created_time: 'x',
});
const line = (journalId: string, position: number, debit: number, credit: number) => ({
  org_id: ORG, line_id: `jl_${journalId}_${position}`, journal_id: journalId, position, account_id: 'acc_OLD', debit, credit, entry_date: '2025-06-01',
});

beforeAll(async () => {
  before = await databaseBefore('023-branch-books');
  database = before.database;
  await insertRow(before, 'orgs', { org_id: ORG, name: 'Old Books', state_code: 'IN-KA', default_branch_id: 'br_HO', created_time: '2025-04-01T00:00:00.000Z' });
  await insertRow(before, 'branches', { org_id: ORG, branch_id: 'br_HO', name: 'Head Office', state_code: 'IN-KA', is_default: 1 });
  await insertRow(before, 'branches', { org_id: ORG, branch_id: 'br_MUM', name: 'Mumbai', state_code: 'IN-MH', is_default: 0 });
  await insertRow(before, 'invoices', { org_id: ORG, invoice_id: 'inv_MUM', invoice_number: 'INV-1', branch_id: 'br_MUM' });
  await insertRow(before, 'bills', { org_id: ORG, bill_id: 'bill_MUM', bill_number: 'BILL-1', branch_id: 'br_MUM' });
  await insertRow(before, 'payments', { org_id: ORG, payment_id: 'pay_1', flow: 'INCOMING' });
  await insertRow(before, 'payment_allocations', { org_id: ORG, allocation_id: 'alc_1', payment_id: 'pay_1', invoice_id: 'inv_MUM' });
  const journals: [string, string, string][] = [
    ['jnl_INV', 'INVOICE', 'inv_MUM'], ['jnl_BILL', 'BILL', 'bill_MUM'], ['jnl_PAY', 'PAYMENT', 'pay_1'],
    ['jnl_ALC', 'ALLOCATION', 'alc_1'], ['jnl_MAN', 'MANUAL', 'jnl_MAN'], ['jnl_GONE', 'INVOICE', 'inv_NONE'],
  ];
  for (const [id, source, sourceId] of journals) {
    await insertRow(before, 'journals', journal(id, source, sourceId));
    await insertRow(before, 'journal_lines', line(id, 0, 100, 0));
    await insertRow(before, 'journal_lines', line(id, 1, 0, 100));
  }
  await database.migrate();
}, 60_000);
afterAll(async () => {
  await before?.close();
});

describe('migration 023 on books written before it', () => {
  it('gives each entry its document\'s branch, an allocation its payment\'s, anything else the default branch', async () => {
    const rows = await database.db.selectFrom('journals').select(['journal_id', 'branch_id']).where('org_id', '=', ORG).orderBy('journal_id').execute();
    expect(rows).toEqual([
      { journal_id: 'jnl_ALC', branch_id: 'br_HO' },
      { journal_id: 'jnl_BILL', branch_id: 'br_MUM' },
      { journal_id: 'jnl_GONE', branch_id: 'br_HO' },
      { journal_id: 'jnl_INV', branch_id: 'br_MUM' },
      { journal_id: 'jnl_MAN', branch_id: 'br_HO' },
      { journal_id: 'jnl_PAY', branch_id: 'br_HO' },
    ]);
  });

  it('puts every line in its entry\'s branch, so every entry balances per branch', async () => {
    const lines = await database.db.selectFrom('journal_lines as l')
      .innerJoin('journals as j', (join) => join.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
      .select(['l.branch_id as line_branch', 'j.branch_id as entry_branch']).where('l.org_id', '=', ORG).execute();
    expect(lines).toHaveLength(12);
    expect(lines.every((l) => l.line_branch === l.entry_branch)).toBe(true);
    expect(await ledgerReports(database.db).verify(ORG)).toEqual([]);
  });

  it('gives payments the default branch and the organisation Inter-branch Transfers', async () => {
    expect(await database.db.selectFrom('payments').select('branch_id').where('org_id', '=', ORG).execute()).toEqual([{ branch_id: 'br_HO' }]);
    const account = await database.db.selectFrom('accounts').select(['account_name', 'account_type', 'account_code', 'is_active'])
      .where('org_id', '=', ORG).where('system_key', '=', 'inter_branch').execute();
    expect(account).toEqual([{ account_name: 'Inter-branch Transfers', account_type: 'EQUITY', account_code: '3400', is_active: 1 }]);
  });
});
