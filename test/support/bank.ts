import { dayBase } from '../../src/modules/banking/statement-order.rules';
import type { TestApp } from './test-app';

/** A bank line as tests give it: amounts in rupees, `in` for money into the account. */
export interface BankLineFixture {
  date: string;
  narration: string;
  amount: number;
  direction: 'IN' | 'OUT';
  reference?: string | null;
  value_date?: string | null;
  balance?: number | null;
}

let seeded = 0;

/**
 * Stores bank lines for an account as an imported statement would, and answers their ids in
 * order. Until the import endpoint exists on every branch this writes the rows directly; the
 * statement import's own tests go through POST /bank_accounts/{id}/statements. Sequences follow
 * the import's (docs/rules/banking.md, "Statements in": a day's base, lines 2^16 apart).
 */
export async function seedBankLines(t: TestApp, orgId: string, accountId: string, lines: readonly BankLineFixture[]): Promise<string[]> {
  const db = t.app.database.db;
  const now = t.clock.now().toISOString();
  const statementId = `bst_seed${++seeded}${Date.now()}`;
  const last = await db.selectFrom('bank_transactions').select((eb) => eb.fn.max('sequence').as('max')).where('org_id', '=', orgId).where('account_id', '=', accountId).executeTakeFirst();
  let sequence = Number(last?.max ?? 0);
  const rows = lines.map((line, i) => ({
    org_id: orgId, bank_transaction_id: `btx_${statementId}_${i}`, account_id: accountId, statement_id: statementId,
    line_key: `seed:${statementId}:${i}`, sequence: (sequence = Math.max(sequence, dayBase(line.date)) + 65536), txn_date: line.date, value_date: line.value_date ?? null,
    narration: line.narration, reference: line.reference ?? null, direction: line.direction, amount: Math.round(line.amount * 100),
    balance: line.balance == null ? null : Math.round(line.balance * 100), status: 'UNMATCHED', exclude_reason: null,
    reconciliation_id: null, version: 1, created_time: now, updated_time: now,
  }));
  await db.insertInto('bank_statements').values({
    org_id: orgId, statement_id: statementId, account_id: accountId, format: 'CSV', preset: null, file_name: 'seed.csv',
    from_date: lines[0]?.date ?? null, to_date: lines.at(-1)?.date ?? null, opening_balance: null, closing_balance: null,
    lines: lines.length, new_lines: lines.length, matched: 0, created_time: now,
  }).execute();
  if (rows.length > 0) await db.insertInto('bank_transactions').values(rows).execute();
  return rows.map((r) => r.bank_transaction_id);
}
