/** Addresses of the bank pages: an account's pages hang off /app/bank/<account_id>/. */
export type AccountView = 'match' | 'lines' | 'statements' | 'reconciliations';

export const ACCOUNT_VIEWS: [AccountView, string][] = [
  ['match', 'Match lines'],
  ['lines', 'All lines'],
  ['statements', 'Statements'],
  ['reconciliations', 'Reconciliations'],
];

export const bankAccountsHref = '/app/bank';
export const bankRulesHref = '/app/bank/rules';
export const accountHref = (accountId: string, view: AccountView) => `/app/bank/${encodeURIComponent(accountId)}/${view}`;
