import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { invalidValue } from '../../kernel/errors';
import { addDays, istDateOf } from '../../kernel/local-date';
import { statementRange } from '../financial-statements';
import { branchOfOrg, byAccountCode, ledgerRepository } from '../ledger';
import { accountsOf, journalsOf } from './exports.repository';
import type { LedgerExportQuery } from './exports.schemas';
import { hledgerAccounts } from './hledger-accounts.rules';
import { hledgerJournal } from './hledger-journal.rules';
import { ledgerCsv } from './ledger-csv.rules';
import { openingTransaction, transactionOf } from './ledger-transactions.rules';

export function ledgerExports(deps: { db: Db; clock: Clock }) {
  const { db } = deps;
  return {
    /**
     * The books of a period (by default the financial year to date) as an hledger journal or a
     * CSV of postings: an opening-balances transaction on its first day, then every journal.
     */
    async ledger(orgId: string, query: LedgerExportQuery): Promise<{ text: string; range: { from: string; to: string } }> {
      const range = statementRange(query.from_date, query.to_date, istDateOf(deps.clock.now()));
      if (range.to < range.from) throw invalidValue(query.to_date ? 'to_date' : 'from_date', 'to_date is before from_date');
      const branchId = query.branch_id ?? null;
      if (branchId) await branchOfOrg(db, orgId, branchId);
      const [accounts, journals, before] = await Promise.all([
        accountsOf(db, orgId),
        journalsOf(db, orgId, { ...range, branchId }),
        ledgerRepository.accountTotals(db, orgId, addDays(range.from, -1), branchId),
      ]);
      const chart = hledgerAccounts(accounts.sort(byAccountCode));
      // The opening postings in the chart's order, the same on both engines.
      const netBefore = new Map(before.map((t) => [t.account_id, Number(t.debit) - Number(t.credit)]));
      const opening = openingTransaction(range.from, chart.map((a) => ({ account_id: a.account_id, net: netBefore.get(a.account_id) ?? 0 })));
      const transactions = [...(opening ? [opening] : []), ...journals.map(transactionOf)];
      if (query.format === 'csv') return { text: ledgerCsv(chart, transactions), range };
      const header = [`Bahi ledger export, ${range.from} to ${range.to}${branchId ? `, the books of branch ${branchId}` : ''}`];
      return { text: hledgerJournal(header, chart, transactions), range };
    },
  };
}

export type LedgerExports = ReturnType<typeof ledgerExports>;
