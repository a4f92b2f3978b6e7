import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, Id, LocalDateSchema, Query, ReportFormat, StringEnum, Text } from '../../http/schema-kit';

/* An account's bank lines (docs/rules/banking.md, "Bank lines"). */

export const BANK_LINE_STATUSES = ['UNMATCHED', 'MATCHED', 'EXCLUDED'] as const;

export const ListBankLinesQuery = Query({
  account_id: Id('The BANK or CASH account whose lines are listed'),
  status: Type.Optional(StringEnum(['unmatched', 'matched', 'excluded'] as const, 'Only lines of this status')),
  from_date: Type.Optional({ ...LocalDateSchema, description: 'Lines dated on or after, YYYY-MM-DD' }),
  to_date: Type.Optional({ ...LocalDateSchema, description: 'Lines dated on or before, YYYY-MM-DD' }),
  format: ReportFormat('csv answers text/csv: every line of the filter (no pages), a row each in the bank\'s order'),
  ...CursorQuery,
});
export type ListBankLinesQuery = Static<typeof ListBankLinesQuery>;

export const ExcludeBankLineBody = Body({
  reason: { ...Text(500, 1), description: 'Why the line stays out of matching and reconciliation (a reversal the bank made and undid, a line of another account)' },
});
export type ExcludeBankLineBody = Static<typeof ExcludeBankLineBody>;

const LineMatch = Strict({
  match_group_id: Type.String({ description: 'The match the pair belongs to: one line with several entries, or several lines with one entry' }),
  bank_transaction_id: Type.String(),
  source: Type.String({ description: 'The entry\'s journal source: PAYMENT, EXPENSE, MANUAL…' }),
  source_id: Type.String(),
  amount: { ...Amount, description: 'Rupees the entry posted to the account: positive in, negative out' },
});

export const BankLine = Named('BankTransaction', Strict({
  bank_transaction_id: Type.String(),
  account_id: Type.String(),
  statement_id: Type.String({ description: 'The statement that first brought the line' }),
  date: Type.String({ format: 'date' }),
  value_date: NullableOf(Type.String({ format: 'date' })),
  narration: Type.String(),
  reference: NullableOf(Type.String({ description: 'UTR, cheque number or the bank\'s reference' })),
  direction: StringEnum(['IN', 'OUT'] as const, 'IN: money into the account; OUT: money out'),
  amount: { ...Amount, description: 'Rupees, positive' },
  balance: NullableOf({ ...Amount, description: 'Rupees: the running balance after the line, when the statement gave one' }),
  status: StringEnum(BANK_LINE_STATUSES),
  exclude_reason: NullableOf(Type.String()),
  reconciliation_id: NullableOf(Type.String({ description: 'The closed reconciliation that settled the line' })),
  matches: Type.Array(LineMatch, { description: 'The pairs of the line\'s match; empty unless MATCHED' }),
  created_time: Timestamp,
  updated_time: Timestamp,
}, 'A line of a bank statement, stored once per account.'));
export type BankLine = Static<typeof BankLine>;
