import { useSignedIn } from '../../session/context';
import { DateText } from '../../ui/date-text';
import { ErrorNote } from '../../ui/error-note';
import { useApi } from '../../ui/use-api';
import { journalHref } from '../links';
import { readable } from './words';

/**
 * The journals a document posted (its posting, and any reversal), found by GET /journals?source_id:
 * the documents' own answers do not carry their journal's id. Shown only to a token that reads journals.
 */
export function DocumentJournals({ documentId }: { documentId: string }) {
  const { can } = useSignedIn();
  const allowed = can('Svc.journals.READ');
  const journals = useApi(
    async (api) => (allowed ? (await api.get('/journals', { params: { query: { source_id: documentId } } })).journals : []),
    [allowed, documentId],
  );
  if (!allowed) return null;
  if (journals.error) return <ErrorNote error={journals.error} />;
  if (!journals.data || journals.data.length === 0) return null;
  return (
    <section aria-labelledby="document-journals">
      <h2 id="document-journals">In the books</h2>
      <ul>
        {journals.data.map((j) => (
          <li key={j.journal_id}>
            <a href={journalHref(j.journal_id)}>Journal of <DateText value={j.date} /></a> ({readable(j.kind)}, {readable(j.status)})
          </li>
        ))}
      </ul>
    </section>
  );
}
