import type { Answer } from '@bahi/sdk';
import { useEffect, useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import type { Period } from '../../ui/period';
import { useApi } from '../../ui/use-api';
import { jsonAnswer } from './json-answer';

export type LedgerAnswer = Exclude<Answer<'get', '/reports/general_ledger'>, string>;
export type Ledger = LedgerAnswer['general_ledger'];
export type LedgerLine = Ledger['lines'][number];

const PER_PAGE = 100;

/**
 * An account's general ledger a page at a time: the first page when the account or period
 * changes, then each further page on `loadMore`, appended (the running balance carries on from
 * page to page on the server, so the pages join as they are).
 */
export function useLedgerPages(accountId: string, period: Period) {
  const { api } = useSignedIn();
  const query = { account_id: accountId, from_date: period.from, to_date: period.to, per_page: PER_PAGE };
  const first = useApi(async (client) => jsonAnswer(await client.get('/reports/general_ledger', { params: { query } })), [accountId, period.from, period.to]);
  const [later, setLater] = useState<LedgerAnswer[]>([]);
  const [more, setMore] = useState<{ busy: boolean; error?: Error }>({ busy: false });
  useEffect(() => { setLater([]); setMore({ busy: false }); }, [first.data]);

  const last = later.at(-1) ?? first.data;
  const nextCursor = last?.page_context.has_more_page ? last.page_context.next_cursor : null;
  const loadMore = async () => {
    if (!nextCursor) return;
    setMore({ busy: true });
    try {
      const page = jsonAnswer(await api.get('/reports/general_ledger', { params: { query: { ...query, cursor: nextCursor } } }));
      setLater((pages) => [...pages, page]);
      setMore({ busy: false });
    } catch (e) {
      setMore({ busy: false, error: e instanceof Error ? e : new Error(String(e)) });
    }
  };
  const lines = first.data ? [first.data, ...later].flatMap((page) => page.general_ledger.lines) : [];
  return { first, lines, hasMore: nextCursor !== null && nextCursor !== undefined, loadMore, more };
}
