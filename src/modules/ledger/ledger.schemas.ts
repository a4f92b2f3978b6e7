import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { accountProperties } from '../catalog/catalog.schemas';
import { Body, CursorQuery, DateOrDateTime, Id, LocalDateSchema, Money, Nullable, Query, ReportFormat, SearchQuery, StringEnum, Text } from '../../http/schema-kit';

export const JOURNAL_SOURCES = ['MANUAL', 'INVOICE', 'BILL', 'PAYMENT', 'ALLOCATION', 'CREDIT_NOTE', 'DEBIT_NOTE', 'EXPENSE', 'OPENING_BALANCE', 'BILL_OF_ENTRY', 'ITC_REVERSAL'] as const;

export const CreateJournalBody = Body({
  date: DateOrDateTime,
  memo: Type.Optional(Nullable(Text(1000))),
  contact_id: Type.Optional(Nullable(Id('contact_id'))),
  branch_id: Type.Optional(Id('branch_id')),
  lines: Type.Array(Body({
    account_id: Id('account_id'),
    debit: Type.Optional(Money({ minimum: 0 })),
    credit: Type.Optional(Money({ minimum: 0 })),
    description: Type.Optional(Nullable(Text(500))),
    branch_id: Type.Optional(Id('branch_id')),
  }), { minItems: 2, maxItems: 500 }),
});
export type CreateJournalBody = Static<typeof CreateJournalBody>;

export const ListJournalsQuery = Query({
  ...CursorQuery,
  source: Type.Optional(StringEnum(JOURNAL_SOURCES)),
  source_id: Type.Optional(Id('source_id')),
  account_id: Type.Optional(Id('account_id')),
  branch_id: Type.Optional(Id('branch_id')),
  date_from: Type.Optional(LocalDateSchema),
  date_to: Type.Optional(LocalDateSchema),
  ...SearchQuery("the number of the entry's source document (source_ref) or its memo"),
});
export type ListJournalsQuery = Static<typeof ListJournalsQuery>;

/** Two forms: totals through `date` (or to date), or a period (`from_date`, `to_date`) with openings and closings; not both. */
export const TrialBalanceQuery = Query({
  date: Type.Optional(LocalDateSchema),
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
  branch_id: Type.Optional(Id('branch_id')),
  format: ReportFormat('csv answers text/csv: a row per account (with its opening in the period form), then a Total row'),
});
export type TrialBalanceQuery = Static<typeof TrialBalanceQuery>;

/** The query of both party statements (customer and vendor ledgers). */
export const PartyLedgerQuery = Query({
  contact_id: Id('contact_id'),
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
  format: ReportFormat('csv answers text/csv: an Opening balance row, then a row per entry with its running balance'),
});
export type PartyLedgerQuery = Static<typeof PartyLedgerQuery>;

/** A business date in an answer: India time, no time of day. */
export const BusinessDate = Type.String({ format: 'date', description: 'YYYY-MM-DD, a business date in India time' });

const JOURNAL_KINDS = ['POSTING', 'REVERSAL'] as const;

/** What names an entry's origin, on the entry itself and on each line of a customer's statement. */
const sourceProperties = {
  source: StringEnum(JOURNAL_SOURCES, 'What posted the entry: MANUAL for a manual journal, else the kind of document'),
  source_id: Type.String({ description: 'The id of the document that posted the entry (of the entry itself for a manual journal)' }),
  kind: StringEnum(JOURNAL_KINDS, 'REVERSAL: the exact mirror of an earlier entry, which voiding or deleting its source posts'),
};

export const Journal = Named('Journal', Strict({
  journal_id: Type.String(),
  date: BusinessDate,
  ...sourceProperties,
  source_version: Type.Integer({ description: 'The version of the source document this entry posts' }),
  source_ref: NullableOf(Type.String({ description: "The source document's number (e.g. INV-26-27-00001)" })),
  status: StringEnum(['POSTED', 'REVERSED', 'REVERSAL'] as const, 'REVERSED: a later REVERSAL entry mirrors this one'),
  reverses_journal_id: NullableOf(Type.String({ description: 'On a REVERSAL, the entry it mirrors' })),
  reversed_by_journal_id: NullableOf(Type.String({ description: 'The REVERSAL entry that mirrors this one, once there is one' })),
  memo: NullableOf(Type.String()),
  contact_id: NullableOf(Type.String()),
  branch_id: Type.String({ description: "The branch (GST registration) the entry was posted for: its document's" }),
  total: { ...Amount, description: 'The sum of the debits, equal to the sum of the credits' },
  lines: Type.Array(Strict({
    account_id: Type.String(),
    debit: Amount,
    credit: Amount,
    description: NullableOf(Type.String()),
    contact_id: NullableOf(Type.String()),
    branch_id: Type.String({ description: 'The branch whose books hold the line; the debits and credits of each branch balance' }),
  }, 'One side of the entry: a debit or a credit on one account')),
  created_time: Timestamp,
}, 'A journal entry: balanced debits and credits, posted by a document or by hand.'));

/** Which side of an account its net balance falls on. */
const BalanceSide = StringEnum(['DEBIT', 'CREDIT'] as const);

export const TrialBalance = Named('TrialBalance', Strict({
  date: NullableOf({ ...BusinessDate, description: 'The date the totals run through; null for every posting to date' }),
  branch_id: NullableOf(Type.String({ description: "The branch whose books these are (its GSTIN's); null for the whole organisation" })),
  accounts: Type.Array(Strict({
    ...accountProperties,
    debit: Amount,
    credit: Amount,
    balance: { ...Amount, description: 'The difference of debit and credit, never negative; its side is balance_side (the closing balance, in the period form)' },
    balance_side: BalanceSide,
    opening_balance: Type.Optional({ ...Amount, description: 'Period form: the balance before from_date, never negative; its side is opening_balance_side' }),
    opening_balance_side: Type.Optional(BalanceSide),
  }), { description: 'Every account with a posting through the date; in the period form, debit and credit are those of the period' }),
  from_date: Type.Optional({ ...BusinessDate, description: 'Period form: the first day of the period (date is its last)' }),
  opening_debit: Type.Optional({ ...Amount, description: 'Period form: the sum of the debit opening balances' }),
  opening_credit: Type.Optional({ ...Amount, description: 'Period form: the sum of the credit opening balances' }),
  total_debit: Amount,
  total_credit: Amount,
  closing_debit: Type.Optional({ ...Amount, description: 'Period form: the sum of the debit closing balances' }),
  closing_credit: Type.Optional({ ...Amount, description: 'Period form: the sum of the credit closing balances' }),
  balanced: Type.Boolean({ description: 'The two totals are equal (in the period form, the openings, the movements and the closings each), as they always should be' }),
}, "Every account's debit and credit totals through a date, or over a period with its opening and closing balance."));

/** A party's statement, the customer's on their receivable or the vendor's on our payable to them. */
const partyLedger = (name: string, party: string, owed: string) => Named(name, Strict({
  contact_id: Type.String(),
  contact_name: Type.String(),
  from_date: NullableOf(BusinessDate),
  to_date: NullableOf(BusinessDate),
  opening_balance: { ...Amount, description: `The ${owed} before from_date (0 without from_date); negative when the ${party} is in advance` },
  closing_balance: { ...Amount, description: `The ${owed} after the last entry; negative when the ${party} is in advance` },
  entries: Type.Array(Strict({
    date: BusinessDate,
    ...sourceProperties,
    document_number: NullableOf(Type.String()),
    journal_id: Type.String(),
    description: NullableOf(Type.String({ description: "The entry's memo, else its line's description" })),
    debit: Amount,
    credit: Amount,
    balance: { ...Amount, description: `The running ${owed} after this entry` },
  })),
}, `A ${party}'s postings on the ${owed}, in date order, with a running balance.`));

export const CustomerLedger = partyLedger('CustomerLedger', 'customer', 'receivable (what the customer owes)');
export const VendorLedger = partyLedger('VendorLedger', 'vendor', 'payable (what is owed to the vendor)');

/** The answer to deleting a manual entry: the entry is gone from the resource and its mirror posted. */
export const deletedJournalProperties = {
  journal_id: Type.String(),
  reversal_journal_id: NullableOf(Type.String({ description: 'The REVERSAL entry posted in its place' })),
};
