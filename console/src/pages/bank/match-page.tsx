import { useState } from 'preact/hooks';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { AccountFrame } from './account-frame';
import { LineCard } from './line-card';
import { Pager } from './pager';
import { useWrite } from './use-write';
import { WriteStatus } from './write-status';

/**
 * An account's unmatched lines, each beside the book entries of exactly its amount that the API
 * suggests: one button per suggestion matches it, so a keyboard matches with Tab and Enter.
 */
export function MatchPage({ account_id: accountId }: { account_id: string }) {
  const [cursor, setCursor] = useState<string>();
  const lines = useApi((api) => api.get('/bank_accounts/{account_id}/suggestions', {
    params: { path: { account_id: accountId }, query: { per_page: 20, ...(cursor && { cursor }) } },
  }), [accountId, cursor]);
  const write = useWrite();
  return (
    <AccountFrame accountId={accountId} view="match">
      <p>Unmatched lines of the statements, with the book entries the API suggests for each (entries of exactly the line's amount, best first).</p>
      <WriteStatus write={write} />
      <Loading loaded={lines}>
        {(data) => (
          <>
            {data.bank_transactions.length === 0 && <p>Every line of this account is matched or excluded.</p>}
            {data.bank_transactions.map((line) => (
              <LineCard key={line.bank_transaction_id} line={line} accountId={accountId} write={write} onChanged={lines.reload} />
            ))}
            <Pager next={data.page_context.next_cursor ?? undefined} onPage={setCursor} atStart={cursor === undefined} />
          </>
        )}
      </Loading>
    </AccountFrame>
  );
}
