import { ErrorNote } from '../../ui/error-note';
import type { Write } from './use-write';

/** What the last write did: the API's message (announced politely) or its error. */
export function WriteStatus({ write }: { write: Write }) {
  return (
    <>
      <ErrorNote error={write.error} />
      <p role="status" class="write-result">{write.result}</p>
    </>
  );
}
