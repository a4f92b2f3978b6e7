import type { BahiClient } from '@bahi/sdk';
import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';

export interface Write {
  /** Sends the write; on success shows `done` (or what the API said) and calls `after` (a reload). */
  run: (send: (api: BahiClient) => Promise<{ message?: string } | unknown>, after?: () => void) => Promise<boolean>;
  busy: boolean;
  error: Error | undefined;
  /** What the last write that worked answered, for a status line. */
  result: string | undefined;
}

/**
 * One write from a page (a match, an exclusion, a close): busy while it runs, the API's error or
 * message after it, then the page's data read again, so what is shown is what the server holds.
 */
export function useWrite(): Write {
  const { api } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const [result, setResult] = useState<string>();
  const run: Write['run'] = async (send, after) => {
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const answer = await send(api);
      const message = (answer as { message?: unknown } | undefined)?.message;
      setResult(typeof message === 'string' ? message : 'Done.');
      after?.();
      return true;
    } catch (caught) {
      setError(caught instanceof Error ? caught : new Error(String(caught)));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, result };
}
