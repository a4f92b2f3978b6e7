import { csvRecords, toCsv } from '../../kernel/csv';
import { formatRupees } from '../../kernel/money';
import type { HledgerAccount } from './hledger-accounts.rules';
import type { ExportTransaction } from './ledger-transactions.rules';

export const LEDGER_CSV_COLUMNS = ['date', 'journal_id', 'code', 'description', 'account', 'debit', 'credit'] as const;

/** The same transactions as the hledger form, one row per posting, accounts by the same names, rupees with two decimals; no header (a part of a streamed document). */
export function ledgerCsvRows(accounts: readonly HledgerAccount[], transactions: readonly ExportTransaction[]): string {
  const names = new Map(accounts.map((a) => [a.account_id, a.name]));
  const rows = transactions.flatMap((t) => t.postings.map((p) => ({
    date: t.date, journal_id: t.journal_id ?? '', code: t.code ?? '', description: t.description,
    account: names.get(p.account_id) ?? p.account_id, debit: formatRupees(p.debit), credit: formatRupees(p.credit),
  })));
  return csvRecords(LEDGER_CSV_COLUMNS, rows);
}

export const ledgerCsvHeader = () => toCsv(LEDGER_CSV_COLUMNS, []);
