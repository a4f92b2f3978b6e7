import { useState } from 'preact/hooks';
import { useSignedIn } from '../session/context';
import { download } from './download';
import { ErrorNote } from './error-note';

/**
 * A button that downloads what the API answers at `path` (a report's own CSV, a return's JSON, a document's PDF), byte for byte,
 * under the token's authorisation, busy while it comes and showing the API's error if it fails.
 */
export function DownloadButton({ label, path, query = {}, fileName, accept }: {
  label: string;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  fileName: string;
  accept?: string;
}) {
  const { api } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await download(api, path, query, fileName, accept);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="outline" aria-busy={busy ? 'true' : 'false'} disabled={busy} onClick={() => void run()}>{label}</button>
      <ErrorNote error={error} />
    </>
  );
}
