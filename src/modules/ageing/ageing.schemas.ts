import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict } from '../../http/response-schemas';
import { LocalDateSchema, Query, StringEnum } from '../../http/schema-kit';
import { BusinessDate } from '../ledger/ledger.schemas';
import { DEFAULT_BUCKETS } from './ageing.rules';

export const AgeingQuery = Query({
  date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD, the day balances are as at (applications after it do not count); default today' }),
  buckets: Type.Optional(Type.String({ maxLength: 100, description: `Strictly ascending whole numbers of days past due, each the last day of a bucket; one more bucket takes the rest. Default ${DEFAULT_BUCKETS}` })),
  detail: Type.Optional(StringEnum(['documents'] as const, 'documents: list each open document and each open credit too')),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, 'csv answers text/csv: a row per contact and a total row, or with detail=documents a row per open document and credit (credits negative)')),
});
export type AgeingQuery = Static<typeof AgeingQuery>;

const byBucket = Type.Array(Amount, { description: "One amount per bucket, in the order of the report's buckets" });
const rowProperties = {
  by_bucket: byBucket,
  outstanding: { ...Amount, description: 'What the open documents still owe, every bucket together' },
  open_credits: { ...Amount, description: 'Credits not yet applied (credit notes, debit notes, advances), shown apart from the buckets' },
  net: { ...Amount, description: 'outstanding less open_credits' },
};

export const Ageing = Named('Ageing', Strict({
  date: BusinessDate,
  buckets: Type.Array(Strict({
    label: Type.String({ description: 'current (not yet due or due on the date), 1-30, …, over N' }),
    from_days: NullableOf(Type.Integer({ description: 'The fewest days past due in the bucket; null for the first' })),
    to_days: NullableOf(Type.Integer({ description: 'The most days past due in the bucket; null for the last' })),
  })),
  contacts: Type.Array(Strict({ contact_id: Type.String(), contact_name: Type.String(), ...rowProperties }), { description: 'Every contact with an open document or credit, by name' }),
  total: Strict(rowProperties),
  documents: Type.Optional(Type.Array(Strict({
    document_type: StringEnum(['INVOICE', 'BILL', 'DEBIT_NOTE'] as const, 'DEBIT_NOTE: a debit note to a customer, due when raised'),
    document_id: Type.String(),
    document_number: Type.String(),
    contact_id: Type.String(),
    contact_name: Type.String(),
    date: BusinessDate,
    due_date: BusinessDate,
    days_past_due: Type.Integer({ description: 'From the due date to the report date; 0 or less while not yet due' }),
    bucket: Type.String({ description: "The label of the document's bucket" }),
    total: Amount,
    outstanding: Amount,
  }), { description: 'With detail=documents: each open document, by contact and due date' })),
  credits: Type.Optional(Type.Array(Strict({
    credit_type: StringEnum(['CREDIT_NOTE', 'ADVANCE', 'VENDOR_CREDIT', 'DEBIT_NOTE'] as const, 'ADVANCE: the unapplied part of a payment'),
    credit_id: Type.String({ description: 'The credit or debit note id, or the payment id' }),
    number: NullableOf(Type.String({ description: "The note's number, or the payment's reference" })),
    contact_id: Type.String(),
    contact_name: Type.String(),
    date: BusinessDate,
    total: Amount,
    open_amount: Amount,
  }), { description: 'With detail=documents: each open credit, by contact and date' })),
}, 'What contacts owe (receivables) or are owed (payables) on a date, by days past due, in the base currency; open credits apart. outstanding less open_credits equals the balance of the receivable (payable) accounts, advances included, on that date.'));
