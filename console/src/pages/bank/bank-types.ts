import type { components, operations } from '@bahi/sdk';

/* The banking API's shapes, by the names the console uses for them. */
type Schemas = components['schemas'];
export type LineWithSuggestions = Schemas['BankLineSuggestions'];
export type Suggestion = Schemas['BankMatchCandidate'];
export type BankLine = Schemas['BankTransaction'];
export type BankStatement = Schemas['BankStatement'];
export type ReconciliationSummary = Schemas['BankReconciliationSummary'];
export type BankRule = Schemas['BankRule'];

type MatchBody = operations['matchBankTransaction']['requestBody'] extends { content: { 'application/json': infer B } } ? B : never;
/** A journal source as a match names it; suggestions give it as a plain string from the same list. */
export type EntrySource = MatchBody extends { entries: { source: infer S }[] } ? S : never;
