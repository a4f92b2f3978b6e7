import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { download } from '../../ui/download';
import { ErrorNote } from '../../ui/error-note';
import type { Kind } from './kind';

/** GET /<kind>/{id}/pdf into the browser's downloads, named after the document's number. */
export function PdfButton({ kind, id, title }: { kind: Kind; id: string; title: string }) {
  const { api } = useSignedIn();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  const fileName = `${title.replaceAll(/[\\/:*?"<>|]/g, '-')}.pdf`;
  const start = () => {
    setBusy(true);
    setError(undefined);
    download(api, `/${kind.kind}/${encodeURIComponent(id)}/pdf`, {}, fileName, 'application/pdf')
      .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))))
      .finally(() => setBusy(false));
  };
  return (
    <>
      <button type="button" aria-busy={busy ? 'true' : undefined} disabled={busy} onClick={start}>Download PDF</button>
      <ErrorNote error={error} />
    </>
  );
}
