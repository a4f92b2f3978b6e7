import type { ComponentChildren } from 'preact';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { ACCOUNT_VIEWS, accountHref, bankAccountsHref, type AccountView } from './bank-links';
import './bank.css';

/**
 * The heading and the tabs every page of one bank account shares: the account's name in the h1,
 * and links to its other pages, the current one marked for screen readers and by its weight.
 */
export function AccountFrame({ accountId, view, children }: { accountId: string; view: AccountView; children: ComponentChildren }) {
  const account = useApi((api) => api.get('/accounts/{account_id}', { params: { path: { account_id: accountId } } }), [accountId]);
  const viewTitle = ACCOUNT_VIEWS.find(([v]) => v === view)![1];
  const name = account.data?.account.account_name ?? 'Bank account';
  return (
    <>
      <PageHeading title={`${viewTitle}: ${name}`} />
      <nav aria-label="This account" class="account-tabs">
        <ul>
          <li><a href={bankAccountsHref}>All accounts</a></li>
          {ACCOUNT_VIEWS.map(([v, label]) => (
            <li key={v}><a href={accountHref(accountId, v)} aria-current={v === view ? 'page' : undefined}>{label}</a></li>
          ))}
        </ul>
      </nav>
      {children}
    </>
  );
}
