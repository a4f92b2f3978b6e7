import type { Db, Tx } from '../../db/database';
import type { BankStatementsTable, BankTransactionsTable } from '../../db/bank-schema';
import { engineOf } from '../../db/engine';
import { insertRows } from '../../db/prepared';
import type { LocalDate } from '../../kernel/local-date';
import type { PlacedLine } from './statement-order.rules';
import type { StoredNeighbour } from './statement-balances.rules';

/** Rows per insert: 19 columns each keeps a statement well under either engine's limit on parameters. */
const LINES_PER_INSERT = 500;

/** The account types a statement can be of: a bank account, or cash used as a wallet or a gateway's clearing account. */
export const STATEMENT_ACCOUNT_TYPES = ['BANK', 'CASH'];

const NEIGHBOUR_COLUMNS = ['txn_date', 'balance', 'direction', 'amount'] as const;
const neighbourOf = (row: { txn_date: string; balance: unknown; direction: string; amount: unknown } | undefined): StoredNeighbour | null =>
  row ? { txn_date: row.txn_date, balance: row.balance === null ? null : Number(row.balance), direction: row.direction, amount: Number(row.amount) } : null;

/** Statements and their lines as the import writes and reads them (migration 056). */
export const statementImportStore = {
  /** The account a statement is for; on PostgreSQL its row is locked, so two imports into one account run one after the other. */
  async account(db: Db | Tx, orgId: string, accountId: string, lock = false) {
    let q = db.selectFrom('accounts').select(['account_id', 'account_type']).where('org_id', '=', orgId).where('account_id', '=', accountId);
    if (lock && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  /** The account's stored lines on the file's days, by day: one read for the whole file. */
  async storedOnDays(tx: Tx, orgId: string, accountId: string, from: LocalDate, to: LocalDate): Promise<Map<LocalDate, PlacedLine[]>> {
    const rows = await tx.selectFrom('bank_transactions').select(['line_key', 'sequence', 'txn_date'])
      .where('org_id', '=', orgId).where('account_id', '=', accountId).where('txn_date', '>=', from).where('txn_date', '<=', to).execute();
    const byDay = new Map<LocalDate, PlacedLine[]>();
    for (const r of rows) {
      const day = byDay.get(r.txn_date) ?? [];
      day.push({ key: r.line_key, sequence: Number(r.sequence) });
      byDay.set(r.txn_date, day);
    }
    return byDay;
  },

  /** The stored line just before a sequence, and the one just after another. */
  async neighbours(tx: Tx, orgId: string, accountId: string, before: number, after: number) {
    const base = tx.selectFrom('bank_transactions').select(NEIGHBOUR_COLUMNS).where('org_id', '=', orgId).where('account_id', '=', accountId);
    const [previous, next] = await Promise.all([
      base.where('sequence', '<', before).orderBy('sequence', 'desc').limit(1).executeTakeFirst(),
      base.where('sequence', '>', after).orderBy('sequence', 'asc').limit(1).executeTakeFirst(),
    ]);
    return { before: neighbourOf(previous), after: neighbourOf(next) };
  },

  async insertStatement(tx: Tx, row: BankStatementsTable) {
    await insertRows(tx, 'bank_statements', [row]);
  },

  async insertLines(tx: Tx, rows: readonly BankTransactionsTable[]) {
    for (let i = 0; i < rows.length; i += LINES_PER_INSERT) await insertRows(tx, 'bank_transactions', rows.slice(i, i + LINES_PER_INSERT));
  },

  async setMatched(tx: Tx, orgId: string, statementId: string, matched: number) {
    await tx.updateTable('bank_statements').set({ matched }).where('org_id', '=', orgId).where('statement_id', '=', statementId).execute();
  },

  /** An account's statements, newest first. */
  statements: (db: Db, orgId: string, accountId: string) =>
    db.selectFrom('bank_statements').selectAll().where('org_id', '=', orgId).where('account_id', '=', accountId)
      .orderBy('created_time', 'desc').orderBy('statement_id', 'desc').execute(),

  statement: (db: Db, orgId: string, statementId: string) =>
    db.selectFrom('bank_statements').selectAll().where('org_id', '=', orgId).where('statement_id', '=', statementId).executeTakeFirst(),
};
