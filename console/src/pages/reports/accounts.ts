import type { components } from '@bahi/sdk';
import { useApi } from '../../ui/use-api';

export type Account = components['schemas']['Account'];

/** The chart of accounts, every page of it (a chart runs to a few hundred at most). */
export function useAccounts() {
  return useApi(async (api) => {
    const accounts: Account[] = [];
    for await (const account of api.list('/accounts', { params: { query: { per_page: 200 } } })) accounts.push(account);
    return accounts;
  }, []);
}
