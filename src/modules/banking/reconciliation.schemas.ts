import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, Id, LocalDateSchema, Money, PathId, Query, ReportFormat, StringEnum } from '../../http/schema-kit';

/* Reconciliations of a BANK or CASH account to its statement, and the bank reconciliation report (docs/rules/banking.md, "Reconciliation"). */

export const AccountParams = Type.Object({ account_id: PathId('account_id') });
export const ReconciliationParams = Type.Object({ account_id: PathId('account_id'), bank_reconciliation_id: PathId('bank_reconciliation_id') });

export const CreateReconciliationBody = Body({
  statement_date: { ...LocalDateSchema, description: "The statement's date: after the account's last closed reconciliation, not after today" },
  closing_balance: { ...Money(), description: "The bank's closing balance on that date, rupees (negative when overdrawn)" },
});
export type CreateReconciliationBody = Static<typeof CreateReconciliationBody>;

const SettledLine = Strict({
  bank_transaction_id: Type.String(),
  date: Type.String({ format: 'date' }),
  narration: Type.String(),
  reference: NullableOf(Type.String()),
  direction: StringEnum(['IN', 'OUT'] as const, 'IN: into the account; OUT: out of it'),
  amount: Amount,
  status: Type.String({ description: 'MATCHED, or EXCLUDED' }),
});

const figures = {
  reconciliation_id: Type.String(),
  account_id: Type.String(),
  statement_date: Type.String({ format: 'date' }),
  closing_balance: { ...Amount, description: "The bank's closing balance on the statement date" },
  status: StringEnum(['OPEN', 'CLOSED'] as const, 'OPEN until closed at a difference of 0; CLOSED: its lines, and the entries matched to them, are reconciled'),
  cleared_balance: { ...Amount, description: "The bank's balance before the account's first line and the book amount of every entry matched to lines all dated on or before the statement date (kept as it was at the close)" },
  difference: { ...Amount, description: 'closing_balance − cleared_balance; a close needs 0' },
  line_count: Type.Integer({ description: 'The lines it settles (OPEN: would settle)' }),
  closed_time: NullableOf(Timestamp),
  reopened_time: NullableOf(Timestamp),
  created_time: Timestamp,
};

export const ReconciliationSummary = Named('BankReconciliationSummary', Strict(figures, "An account's reconciliation to its bank statement on one date."));
export const Reconciliation = Named('BankReconciliation', Strict({
  ...figures,
  lines: Type.Array(SettledLine, { description: 'The lines it settles: matched lines (in matches whose lines are all dated by then) and excluded lines, on or before the statement date, not settled by an earlier one' }),
}, "An account's reconciliation to its bank statement on one date, with its lines."));

export const BankReconciliationQuery = Query({
  account_id: Id('The BANK or CASH account'),
  date: { ...LocalDateSchema, description: 'The day the statement is drawn up on' },
  format: ReportFormat('csv answers text/csv: a row per figure and per item (section, date, id, reference, description, amount)'),
});
export type BankReconciliationQuery = Static<typeof BankReconciliationQuery>;

const BookItem = Strict({
  source: Type.String({ description: "The entry's journal source: PAYMENT, EXPENSE, MANUAL, …" }),
  source_id: Type.String(),
  date: Type.String({ format: 'date' }),
  reference: NullableOf(Type.String()),
  memo: NullableOf(Type.String()),
  amount: Amount,
});
const BankItem = Strict({
  bank_transaction_id: Type.String(),
  date: Type.String({ format: 'date' }),
  narration: Type.String(),
  reference: NullableOf(Type.String()),
  amount: Amount,
});
const itemsOf = <T extends typeof BookItem | typeof BankItem>(item: T, description: string) =>
  Strict({ total: Amount, items: Type.Array(item) }, description);

export const BankReconciliationReport = Named('BankReconciliationReport', Strict({
  account_id: Type.String(),
  account_name: Type.String(),
  date: Type.String({ format: 'date' }),
  balance_per_books: { ...Amount, description: "The account's ledger balance on the date" },
  deposits_not_yet_credited: itemsOf(BookItem, 'Entries into the account dated by then that no line dated by then clears'),
  cheques_not_yet_presented: itemsOf(BookItem, 'Entries out of the account dated by then that no line dated by then clears (amounts positive)'),
  bank_credits_not_in_books: itemsOf(BankItem, 'Lines into the account dated by then, not excluded, that no entry dated by then matches'),
  bank_debits_not_in_books: itemsOf(BankItem, 'Lines out of the account dated by then, not excluded, that no entry dated by then matches'),
  balance_per_bank: { ...Amount, description: 'balance_per_books − deposits not yet credited + cheques not yet presented + bank credits − bank debits' },
  bank_stated_balance: { ...Amount, description: "What the bank states on the date: the last running balance by then with the lines after it, else the bank's opening with every line" },
  holds: Type.Boolean({ description: 'balance_per_bank equals bank_stated_balance' }),
  difference: { ...Amount, description: 'bank_stated_balance − balance_per_bank: excluded lines that do not cancel, or books before the statements that do not tie to the bank\'s opening' },
  excluded_lines: Strict({ total: { ...Amount, description: 'Net, + into the account' }, items: Type.Array(BankItem) }, 'Lines dated by then excluded from matching: in the bank, never in the books'),
  opening: Strict({
    first_line_date: NullableOf(Type.String({ format: 'date' })),
    bank: NullableOf({ ...Amount, description: "The bank's balance before the first line, when the bank states it" }),
    books: { ...Amount, description: 'The entries before the first line that no line is matched to' },
  }, 'Where the statements begin'),
}));
