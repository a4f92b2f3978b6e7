import { documentHref } from '../links';
import { DocumentAmount } from './document-amount';
import { KINDS } from './kinds';
import type { Kind, Row } from './kind';
import { relatedOf } from './related';
import { useSignedIn } from '../../session/context';

/** Links to the documents this one names, those the token may open. */
export function RelatedDocuments({ kind, doc }: { kind: Kind; doc: Row }) {
  const { can } = useSignedIn();
  const related = relatedOf(doc, kind.id(doc)).filter((r) => can(KINDS[r.kind].scope));
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-documents">
      <h2 id="related-documents">Related documents</h2>
      <ul>
        {related.map((r) => (
          <li key={`${r.label}-${r.id}`}>
            {r.label} <a href={documentHref(r.kind, r.id)}>{r.id}</a>
            {r.amount !== undefined && <>: <DocumentAmount value={r.amount} currency={kind.currency?.(doc)} /></>}
          </li>
        ))}
      </ul>
    </section>
  );
}
