import type { Static } from '@sinclair/typebox';
import type { BankReconciliationReport } from './reconciliation.schemas';

/* The bank reconciliation statement as spreadsheet rows: its figures in order, each list's items after its total (rupees as the JSON has them). */

export const BANK_RECONCILIATION_COLUMNS = ['section', 'date', 'id', 'reference', 'description', 'amount'] as const;

type Report = Static<typeof BankReconciliationReport>;
type Row = Record<string, string | number>;

const bookRows = (section: string, list: Report['deposits_not_yet_credited']): Row[] => [
  { section, amount: list.total },
  ...list.items.map((i) => ({ section, date: i.date, id: `${i.source}:${i.source_id}`, reference: i.reference ?? '', description: i.memo ?? '', amount: i.amount })),
];
const bankRows = (section: string, list: Report['bank_credits_not_in_books']): Row[] => [
  { section, amount: list.total },
  ...list.items.map((i) => ({ section, date: i.date, id: i.bank_transaction_id, reference: i.reference ?? '', description: i.narration, amount: i.amount })),
];

export function bankReconciliationRows(r: Report): Row[] {
  return [
    { section: 'BALANCE_PER_BOOKS', date: r.date, amount: r.balance_per_books },
    ...bookRows('LESS_DEPOSITS_NOT_YET_CREDITED', r.deposits_not_yet_credited),
    ...bookRows('ADD_CHEQUES_NOT_YET_PRESENTED', r.cheques_not_yet_presented),
    ...bankRows('ADD_BANK_CREDITS_NOT_IN_BOOKS', r.bank_credits_not_in_books),
    ...bankRows('LESS_BANK_DEBITS_NOT_IN_BOOKS', r.bank_debits_not_in_books),
    { section: 'BALANCE_PER_BANK', date: r.date, amount: r.balance_per_bank },
    { section: 'BANK_STATED_BALANCE', date: r.date, amount: r.bank_stated_balance },
    { section: 'DIFFERENCE', date: r.date, amount: r.difference },
    ...bankRows('EXCLUDED_LINES', r.excluded_lines),
  ];
}
