import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { invalidValue } from '../../kernel/errors';
import { istDateOf } from '../../kernel/local-date';
import { statementRange, yearOpenings } from '../financial-statements';
import { branchOfOrg, byAccountCode } from '../ledger';
import { journalPages } from './exports.repository';
import type { LedgerExportQuery } from './exports.schemas';
import { hledgerAccounts, type HledgerAccount } from './hledger-accounts.rules';
import { hledgerPreamble, hledgerTransactions } from './hledger-journal.rules';
import { ledgerCsvHeader, ledgerCsvRows } from './ledger-csv.rules';
import { openingTransaction, transactionOf, type ExportTransaction } from './ledger-transactions.rules';

/** How each format begins and writes transactions: the document is streamed in these parts. */
const WRITERS = {
  hledger: { head: hledgerPreamble, body: hledgerTransactions },
  csv: { head: () => ledgerCsvHeader(), body: ledgerCsvRows },
} satisfies Record<string, { head: (header: string[], chart: HledgerAccount[]) => string; body: (chart: HledgerAccount[], t: ExportTransaction[]) => string }>;

/** `pageSize`: journals read at a time (a test walks pages of two). */
export function ledgerExports(deps: { db: Db; clock: Clock; pageSize?: number }) {
  const { db } = deps;
  return {
    /**
     * The books of a period (by default the financial year to date) as an hledger journal or a
     * CSV of postings: an opening-balances transaction on its first day (the year-opening rule's
     * balances: income and expenses from the year's 1 April, the earlier years' profit in
     * Retained Earnings), then every journal.
     * Everything a request can get wrong is checked before the first part is written.
     */
    async ledger(orgId: string, query: LedgerExportQuery): Promise<{ parts: AsyncIterable<string>; range: { from: string; to: string } }> {
      const range = statementRange(query.from_date, query.to_date, istDateOf(deps.clock.now()));
      if (range.to < range.from) throw invalidValue(query.to_date ? 'to_date' : 'from_date', 'to_date is before from_date');
      const branchId = query.branch_id ?? null;
      if (branchId) await branchOfOrg(db, orgId, branchId);
      // Every account of the chart, with the balance it opens the period with (income and expenses from the year's 1 April).
      const openings = (await yearOpenings(db, orgId, { date: range.from, branchId })).sort(byAccountCode);
      const chart = hledgerAccounts(openings);
      // The opening postings in the chart's order, the same on both engines.
      const opening = openingTransaction(range.from, openings.map((a) => ({ account_id: a.account_id, net: a.opening })));
      const writer = WRITERS[query.format ?? 'hledger'];
      const header = [`Bahi ledger export, ${range.from} to ${range.to}${branchId ? `, the books of branch ${branchId}` : ''}`];
      async function* parts() {
        yield writer.head(header, chart) + writer.body(chart, opening ? [opening] : []);
        for await (const journals of journalPages(db, orgId, { ...range, branchId }, deps.pageSize)) yield writer.body(chart, journals.map(transactionOf));
      }
      return { parts: parts(), range };
    },
  };
}

export type LedgerExports = ReturnType<typeof ledgerExports>;
