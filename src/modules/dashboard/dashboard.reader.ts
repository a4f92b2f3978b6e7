import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { INCOME_ACCOUNT_TYPES, PURCHASE_ACCOUNT_TYPES } from '../catalog';
import type { DateRange } from '../financial-statements/report-periods.rules';
import type { MonthFlows } from './dashboard-figures.rules';

/**
 * The journals of documents that sell (invoices, credit and debit notes to customers) and that buy
 * (bills, Bills of Entry with the customs duty that is part of imported goods' cost, expenses, vendor notes).
 */
const SALES_SOURCES = ['INVOICE', 'CREDIT_NOTE', 'DEBIT_NOTE'];
const PURCHASE_SOURCES = ['BILL', 'BILL_OF_ENTRY', 'EXPENSE', 'CREDIT_NOTE', 'DEBIT_NOTE'];
/** Where money is: the accounts whose debits are money in and credits money out. */
export const MONEY_ACCOUNT_TYPES = ['BANK', 'CASH'];
const DRAFTS = { draft_invoices: 'invoices', draft_bills: 'bills', draft_credit_notes: 'credit_notes', draft_debit_notes: 'debit_notes' } as const;

/** A line's calendar month, YYYY-MM: literal, so both engines group by the very expression they select. */
const MONTH = sql<string>`substr(l.entry_date, 1, 7)`;
const inList = (values: readonly string[]) => sql.join([...values]);

/**
 * Each month's sales and purchases from the ledger: revenue is what documents that sell credit to
 * income accounts less what they debit there, so the taxable value without GST (customer notes
 * post only to income accounts, vendor notes only to purchase ones); purchases are what documents
 * that buy debit to the accounts a purchase line may take, less their credits there, the round-off
 * account apart.
 */
async function tradeByMonth(db: Db, orgId: string, range: DateRange, roundOffAccountId: string | null) {
  let q = db.selectFrom('journal_lines as l')
    .innerJoin('journals as j', (jn) => jn.onRef('j.org_id', '=', 'l.org_id').onRef('j.journal_id', '=', 'l.journal_id'))
    .innerJoin('accounts as a', (jn) => jn.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
    .select([
      MONTH.as('month'),
      sql<number | string>`sum(case when a.account_type in (${inList(INCOME_ACCOUNT_TYPES)}) and j.source in (${inList(SALES_SOURCES)}) then l.credit - l.debit else 0 end)`.as('sales'),
      sql<number | string>`sum(case when a.account_type in (${inList(PURCHASE_ACCOUNT_TYPES)}) and j.source in (${inList(PURCHASE_SOURCES)}) then l.debit - l.credit else 0 end)`.as('purchases'),
    ])
    .where('l.org_id', '=', orgId).where('l.entry_date', '>=', range.from).where('l.entry_date', '<=', range.to)
    .where('a.account_type', 'in', [...INCOME_ACCOUNT_TYPES, ...PURCHASE_ACCOUNT_TYPES])
    .where('j.source', 'in', [...new Set([...SALES_SOURCES, ...PURCHASE_SOURCES])]);
  if (roundOffAccountId !== null) q = q.where('l.account_id', '<>', roundOffAccountId);
  return q.groupBy(MONTH).execute();
}

/**
 * Each month's money in and out: per entry, its net movement on BANK and CASH accounts together,
 * in when it adds, out when it takes. A transfer between two of them nets to nothing in its entry,
 * so it is neither; a void's reversal counts the other way in its own month.
 */
async function cashByMonth(db: Db, orgId: string, range: DateRange) {
  const perEntry = db.selectFrom('journal_lines as l')
    .innerJoin('accounts as a', (jn) => jn.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
    .select([MONTH.as('month'), 'l.journal_id', sql<number>`sum(l.debit) - sum(l.credit)`.as('net')])
    .where('l.org_id', '=', orgId).where('l.entry_date', '>=', range.from).where('l.entry_date', '<=', range.to)
    .where('a.account_type', 'in', MONEY_ACCOUNT_TYPES)
    .groupBy(['l.journal_id', MONTH]);
  return db.selectFrom(perEntry.as('e')).select([
    'e.month',
    sql<number | string>`sum(case when e.net > 0 then e.net else 0 end)`.as('cash_in'),
    sql<number | string>`sum(case when e.net < 0 then 0 - e.net else 0 end)`.as('cash_out'),
  ]).groupBy('e.month').execute();
}

/** The period's flows per month with a posting, in paise. */
export async function monthlyFlows(db: Db, orgId: string, range: DateRange, roundOffAccountId: string | null): Promise<MonthFlows[]> {
  const [trade, cash] = await Promise.all([tradeByMonth(db, orgId, range, roundOffAccountId), cashByMonth(db, orgId, range)]);
  const byMonth = new Map<string, MonthFlows>();
  const of = (month: string) => byMonth.get(month) ?? byMonth.set(month, { month, sales: 0, purchases: 0, cash_in: 0, cash_out: 0 }).get(month)!;
  for (const t of trade) Object.assign(of(t.month), { sales: Number(t.sales), purchases: Number(t.purchases) });
  for (const c of cash) Object.assign(of(c.month), { cash_in: Number(c.cash_in), cash_out: Number(c.cash_out) });
  return [...byMonth.values()];
}

/** How many invoices, bills, credit notes and debit notes are DRAFT, whatever their date. */
export async function draftCounts(db: Db, orgId: string): Promise<Record<keyof typeof DRAFTS, number>> {
  const counts = await Promise.all(Object.entries(DRAFTS).map(async ([key, table]) => {
    const row = await db.selectFrom(table as 'invoices').select(sql<number | string>`count(*)`.as('count'))
      .where('org_id', '=', orgId).where('status', '=', 'DRAFT').executeTakeFirst();
    return [key, Number(row?.count ?? 0)] as const;
  }));
  return Object.fromEntries(counts) as Record<keyof typeof DRAFTS, number>;
}

/** The organisation's BANK and CASH accounts that are active. */
export const moneyAccounts = (db: Db, orgId: string) => db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code'])
  .where('org_id', '=', orgId).where('account_type', 'in', MONEY_ACCOUNT_TYPES).where('is_active', '=', 1).execute();
