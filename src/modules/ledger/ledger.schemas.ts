import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateOrDateTime, Id, LocalDateSchema, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';

export const JOURNAL_SOURCES = ['MANUAL', 'INVOICE', 'BILL', 'PAYMENT', 'ALLOCATION', 'CREDIT_NOTE', 'DEBIT_NOTE', 'EXPENSE', 'OPENING_BALANCE'] as const;

export const CreateJournalBody = Body({
  date: DateOrDateTime,
  memo: Type.Optional(Nullable(Text(1000))),
  contact_id: Type.Optional(Nullable(Id('contact_id'))),
  lines: Type.Array(Body({
    account_id: Id('account_id'),
    debit: Type.Optional(Money({ minimum: 0 })),
    credit: Type.Optional(Money({ minimum: 0 })),
    description: Type.Optional(Nullable(Text(500))),
  }), { minItems: 2, maxItems: 500 }),
});
export type CreateJournalBody = Static<typeof CreateJournalBody>;

export const ListJournalsQuery = Query({
  ...CursorQuery,
  source: Type.Optional(StringEnum(JOURNAL_SOURCES)),
  source_id: Type.Optional(Id('source_id')),
  account_id: Type.Optional(Id('account_id')),
  date_from: Type.Optional(LocalDateSchema),
  date_to: Type.Optional(LocalDateSchema),
});
export type ListJournalsQuery = Static<typeof ListJournalsQuery>;

export const TrialBalanceQuery = Query({ date: Type.Optional(LocalDateSchema) });
export type TrialBalanceQuery = Static<typeof TrialBalanceQuery>;

export const CustomerLedgerQuery = Query({
  contact_id: Id('contact_id'),
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
});
export type CustomerLedgerQuery = Static<typeof CustomerLedgerQuery>;
