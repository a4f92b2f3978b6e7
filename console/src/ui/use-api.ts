import type { BahiClient } from '@bahi/sdk';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { useSignedIn } from '../session/context';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => void;
}

/**
 * What a page shows, read from the API: loads when `deps` change, keeps the last answer while
 * the next loads, and drops an answer that arrives after a newer request was made.
 */
export function useApi<T>(load: (api: BahiClient) => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const { api } = useSignedIn();
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load(api).then(
      (data) => { if (current) setState({ data, loading: false }); },
      (error: unknown) => { if (current) setState({ error: error instanceof Error ? error : new Error(String(error)), loading: false }); },
    );
    return () => { current = false; };
  }, [api, round, ...deps]);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
