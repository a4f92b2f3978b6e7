import { sql } from 'kysely';
import type { Db, Tx } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import type { TaxesTable } from '../../db/schema';
import { BoundedCache } from '../../kernel/bounded-cache';

/**
 * The parts of an organisation's books that every posting reads and that never change once
 * it is bootstrapped: its system accounts by key, its Round Off ledger and its GST taxes.
 *
 * Accounts and taxes are insert-only: no endpoint renames, deactivates or deletes one, and
 * taxes are only ever seeded. The Round Off ledger is the oldest active account named Round
 * Off or Rounding, and every organisation is seeded with one, so an account added later does
 * not displace it (an account created in this process also drops the entry, for good
 * measure). So one read per organisation serves every later document, in every process.
 * Should accounts ever become editable, the edit must call `forgetFixedChart` and the cache
 * must be shared across processes or dropped.
 */
export interface FixedChart {
  systemAccounts: ReadonlyMap<string, string>;
  roundOffAccountId: string | null;
  taxes: ReadonlyMap<string, TaxesTable>;
}

const chartsOf = perDatabase(() => new BoundedCache<string, FixedChart>(10_000));

async function readChart(db: Db | Tx, orgId: string): Promise<FixedChart> {
  const [accounts, taxes] = await Promise.all([
    db.selectFrom('accounts').select(['account_id', 'system_key', 'account_name', 'is_active'])
      .where('org_id', '=', orgId)
      .where((eb) => eb.or([eb('system_key', 'is not', null), sql<boolean>`lower(account_name) in ('round off', 'rounding')`]))
      .orderBy('account_id').execute(),
    db.selectFrom('taxes').selectAll().where('org_id', '=', orgId).execute(),
  ]);
  const roundOff = accounts.find((a) => a.is_active === 1 && ['round off', 'rounding'].includes(a.account_name.toLowerCase()));
  return {
    systemAccounts: new Map(accounts.filter((a) => a.system_key !== null).map((a) => [a.system_key!, a.account_id])),
    roundOffAccountId: roundOff?.account_id ?? null,
    taxes: new Map(taxes.map((t) => [t.tax_id, t])),
  };
}

export async function fixedChart(db: Db | Tx, orgId: string): Promise<FixedChart> {
  const cache = chartsOf(db);
  const cached = cache.get(orgId);
  if (cached) return cached;
  const chart = await readChart(db, orgId);
  // An organisation that does not exist (yet) has no accounts: never remember that.
  if (chart.systemAccounts.size > 0) cache.set(orgId, chart);
  return chart;
}

export function forgetFixedChart(db: Db | Tx, orgId: string): void {
  chartsOf(db).delete(orgId);
}
