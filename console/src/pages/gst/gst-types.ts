import type { components } from '@bahi/sdk';

/* The ITC reconciliation API's shapes, by the names the console uses. */
type Schemas = components['schemas'];
export type ReconciliationRow = Schemas['ReconciliationRow'];
export type ReconciliationTotals = Schemas['ReconciliationTotals'];
export type MatchStatus = ReconciliationRow['status'];
export type SupplierDocumentType = ReconciliationRow['document_type'];

export const MATCH_STATUSES: [MatchStatus, string][] = [
  ['matched', 'Matched'],
  ['mismatched', 'Mismatched'],
  ['suggested', 'Suggested'],
  ['missing_in_books', 'Missing in the books'],
  ['missing_in_2b', 'Missing in 2B'],
];
export const DOCUMENT_TYPES: SupplierDocumentType[] = ['INV', 'CN', 'DN', 'BOE', 'ISDI', 'ISDC'];

export const statusLabel = (status: MatchStatus) => MATCH_STATUSES.find(([s]) => s === status)?.[1] ?? status;

/** What a row is called: its 2B number, else its books number. */
export const rowNumber = (row: ReconciliationRow) => (row.gstr2b ?? row.books)?.document_number ?? row.reconciliation_id;
