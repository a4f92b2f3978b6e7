import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, Id, IdParam, LocalDateSchema, Query, StringEnum } from '../../http/schema-kit';
import { JOURNAL_SOURCES } from '../ledger';

/* Suggestions, candidates and matches of bank lines (docs/rules/banking.md, "Suggestions and matching"). */

export const BankTransactionIdParam = IdParam('bank_transaction_id');
export const BankAccountIdParam = IdParam('account_id');

export const AccountSuggestionsQuery = Query({
  ...CursorQuery,
  from_date: Type.Optional({ ...LocalDateSchema, description: 'Unmatched lines dated on or after this day, YYYY-MM-DD' }),
  to_date: Type.Optional({ ...LocalDateSchema, description: 'Unmatched lines dated on or before this day, YYYY-MM-DD' }),
});
export type AccountSuggestionsQuery = Static<typeof AccountSuggestionsQuery>;

const EntryRef = Body({
  source: StringEnum(JOURNAL_SOURCES, "The entry's journal source, as a suggestion names it: PAYMENT, EXPENSE, MANUAL (a journal or a transfer), …"),
  source_id: Id('source_id: the payment, expense or journal id, as a suggestion names it'),
});

export const MatchBody = Body({
  entries: Type.Array(EntryRef, { minItems: 1, maxItems: 100, description: 'The book entries the lines are: several for one line, or one for several lines' }),
  bank_transaction_ids: Type.Optional(Type.Array(Id('bank_transaction_id'), {
    maxItems: 100, description: "Further lines of the same account, unmatched, that together are the one entry; their amounts and the path's line's add up to the entry's",
  })),
});
export type MatchBody = Static<typeof MatchBody>;

export const MATCH_REASONS = ['amount', 'date', 'reference', 'party', 'upi'] as const;

export const BankMatchCandidate = Named('BankMatchCandidate', Strict({
  source: Type.String({ description: "The entry's journal source (PAYMENT, EXPENSE, MANUAL, …): with source_id, what a match names" }),
  source_id: Type.String(),
  kind: Type.String({ description: 'PAYMENT, EXPENSE, JOURNAL, TRANSFER (a manual journal between BANK and CASH accounts only), or the source of any other entry' }),
  flow: NullableOf(StringEnum(['INCOMING', 'OUTGOING'] as const, "A payment's flow; null for any other entry")),
  date: Type.String({ format: 'date' }),
  amount: { ...Amount, description: "What the entry posts to the line's account, rupees: positive into it, negative out of it (a payment's bank leg: its amount less bank charges and TDS)" },
  reference: NullableOf(Type.String({ description: "The entry's reference or number" })),
  contact_id: NullableOf(Type.String()),
  party_name: NullableOf(Type.String()),
  description: NullableOf(Type.String()),
  score: Type.Integer({ minimum: 0, maximum: 100, description: 'How well the entry fits the line: exact amount 50, reference 25, party name or UPI handle 15, date up to 10' }),
  reasons: Type.Array(StringEnum(MATCH_REASONS), { description: 'What fits: amount (to the paisa), date (three days apart or less), reference (the line\'s, or a UTR or cheque number in its narration), party (its name in the narration), upi (its UPI handle in the narration)' }),
}));

export const LineWithSuggestions = Named('BankLineSuggestions', Strict({
  bank_transaction_id: Type.String(),
  date: Type.String({ format: 'date' }),
  direction: StringEnum(['IN', 'OUT'] as const),
  amount: { ...Amount, description: 'Rupees, positive' },
  narration: Type.String(),
  reference: NullableOf(Type.String()),
  suggestions: Type.Array(BankMatchCandidate, { description: 'Entries of exactly the line\'s amount within the window, best first' }),
}));

export const BankMatch = Named('BankMatch', Strict({
  match_id: Type.String({ description: 'The match: its lines with its entries' }),
  bank_transaction_ids: Type.Array(Type.String()),
  entries: Type.Array(Strict({
    source: Type.String(),
    source_id: Type.String(),
    amount: { ...Amount, description: "What the entry posts to the account, rupees: positive into it, negative out of it" },
  })),
  created_time: Timestamp,
}));
