import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { download } from '../../ui/download';
import { ErrorNote } from '../../ui/error-note';

type Query = Record<string, string | number | boolean | undefined>;

/**
 * A button that downloads what a GET of the API answers, byte for byte (the portal's JSON or the
 * API's CSV form), showing the API's error if it refuses.
 */
export function DownloadButton({ label, path, query, fileName }: { label: string; path: string; query: Query; fileName: string }) {
  const { api } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const run = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await download(api, path, query, fileName);
    } catch (e) {
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" class="outline" aria-busy={busy ? 'true' : undefined} disabled={busy} onClick={() => void run()}>{label}</button>
      <ErrorNote error={error} />
    </>
  );
}
