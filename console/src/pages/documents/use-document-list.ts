import { useEffect, useRef, useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { fetchListPage } from './documents-api';
import type { Kind, Row } from './kind';

export interface DocumentList {
  rows: Row[];
  /** More rows after these: "Load more" reads them. */
  more: boolean;
  loading: boolean;
  error: Error | undefined;
  loadMore: () => void;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A kind's list under some filters, read a page at a time: the first page when the filters
 * change, each next one appended on `loadMore`. An answer to an older set of filters is dropped.
 */
export function useDocumentList(kind: Kind, query: Record<string, string>): DocumentList {
  const { api } = useSignedIn();
  const [state, setState] = useState<{ rows: Row[]; next: string | null; loading: boolean; error?: Error }>({ rows: [], next: null, loading: true });
  const generation = useRef(0);
  const queryKey = JSON.stringify(query);

  const read = (cursor: string | undefined) => {
    const mine = generation.current;
    setState((s) => ({ ...s, loading: true, error: undefined }));
    fetchListPage(api, kind, query, cursor).then(
      (page) => { if (mine === generation.current) setState((s) => ({ rows: cursor ? [...s.rows, ...page.rows] : page.rows, next: page.next, loading: false })); },
      (error: unknown) => { if (mine === generation.current) setState((s) => ({ ...s, loading: false, error: asError(error) })); },
    );
  };

  useEffect(() => {
    generation.current += 1;
    setState({ rows: [], next: null, loading: true });
    read(undefined);
  }, [api, kind, queryKey]);

  return {
    rows: state.rows,
    more: state.next !== null,
    loading: state.loading,
    error: state.error,
    loadMore: () => { if (state.next) read(state.next); },
  };
}
