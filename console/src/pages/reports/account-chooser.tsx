import { useLocation } from 'preact-iso';
import { ErrorNote } from '../../ui/error-note';
import { useAccounts } from './accounts';
import { accountLabel } from './statement-lines';

/** Choose the account whose ledger is shown, kept in the address as ?account_id=…. */
export function AccountChooser({ chosen }: { chosen: string | undefined }) {
  const { path, query, route } = useLocation();
  const accounts = useAccounts();
  const choose = (accountId: string) => route(`${path}?${new URLSearchParams({ ...query, account_id: accountId })}`);
  return (
    // A label of its own (not wrapping the select), so the options' text is not read as its name.
    <div>
      <label for="ledger-account">Account</label>
      <select id="ledger-account" name="account_id" value={chosen ?? ''} aria-busy={accounts.loading ? 'true' : 'false'} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="" disabled>Choose an account</option>
        {(accounts.data ?? []).map((a) => <option key={a.account_id} value={a.account_id}>{accountLabel(a)}</option>)}
      </select>
      <ErrorNote error={accounts.error} />
    </div>
  );
}
