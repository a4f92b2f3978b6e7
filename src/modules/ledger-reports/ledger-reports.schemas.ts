import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { CursorQuery, Id, LocalDateSchema, Query, StringEnum } from '../../http/schema-kit';
import { accountProperties } from '../catalog/catalog.schemas';
import { BusinessDate, JOURNAL_SOURCES } from '../ledger/ledger.schemas';

const Format = StringEnum(['json', 'csv'] as const, 'csv answers text/csv: a header row, then a row per line of the whole range (the cursor and per_page are for JSON pages)');
const rangeQuery = {
  from_date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD; default the start of the financial year holding to_date' }),
  to_date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD; default today' }),
  ...CursorQuery,
  format: Type.Optional(Format),
};

export const GeneralLedgerQuery = Query({
  account_id: Id('The account whose lines are listed'),
  branch_id: Type.Optional(Id("One branch's books (its GSTIN's); default the whole organisation")),
  ...rangeQuery,
});
export type GeneralLedgerQuery = Static<typeof GeneralLedgerQuery>;

export const DayBookQuery = Query(rangeQuery);
export type DayBookQuery = Static<typeof DayBookQuery>;

const BalanceSide = StringEnum(['DEBIT', 'CREDIT'] as const);
const KIND = StringEnum(['POSTING', 'REVERSAL'] as const, 'REVERSAL: the mirror of an earlier entry, which voiding or deleting its source posts; both are listed');
const SOURCE = StringEnum(JOURNAL_SOURCES, 'What posted the entry: MANUAL for a manual journal, else the kind of document');

const entryProperties = {
  journal_id: Type.String(),
  date: BusinessDate,
  source: SOURCE,
  source_id: Type.String({ description: 'The id of the document that posted the entry (of the entry itself for a manual journal)' }),
  document_number: NullableOf(Type.String({ description: "The source document's number or reference" })),
  kind: KIND,
  contact_id: NullableOf(Type.String()),
  contact_name: NullableOf(Type.String()),
};

export const GeneralLedger = Named('GeneralLedger', Strict({
  account: Strict(accountProperties),
  branch_id: NullableOf(Type.String({ description: "The branch whose books these are; null for the whole organisation" })),
  from_date: BusinessDate,
  to_date: BusinessDate,
  opening_balance: { ...Amount, description: 'The balance before from_date, never negative; its side is opening_balance_side' },
  opening_balance_side: BalanceSide,
  total_debit: { ...Amount, description: 'Every debit of the range, not only this page' },
  total_credit: { ...Amount, description: 'Every credit of the range, not only this page' },
  closing_balance: { ...Amount, description: 'The balance after to_date, never negative; its side is closing_balance_side' },
  closing_balance_side: BalanceSide,
  lines: Type.Array(Strict({
    line_id: Type.String(),
    ...entryProperties,
    description: NullableOf(Type.String({ description: "The line's description, else the entry's memo" })),
    debit: Amount,
    credit: Amount,
    balance: { ...Amount, description: 'The running balance after this line, never negative; its side is balance_side' },
    balance_side: BalanceSide,
  }), { description: 'In date order, then journal and line order' }),
}, "One account's lines over a range, with its opening balance and a running balance that continues from page to page."));

export const DayBook = Named('DayBook', Strict({
  from_date: BusinessDate,
  to_date: BusinessDate,
  journals: Type.Array(Strict({
    ...entryProperties,
    memo: NullableOf(Type.String()),
    lines: Type.Array(Strict({
      account_id: Type.String(),
      account_name: Type.String(),
      account_code: NullableOf(Type.String()),
      branch_id: NullableOf(Type.String()),
      description: NullableOf(Type.String()),
      debit: Amount,
      credit: Amount,
    }), { description: 'In the entry\'s line order' }),
  }), { description: 'In date order, then journal order' }),
}, 'Every journal entry of a range with its lines and account names.'));
