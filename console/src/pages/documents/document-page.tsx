import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { documentListHref } from '../links';
import { DocumentActivity } from './document-activity';
import { DocumentFacts } from './document-facts';
import { DocumentJournals } from './document-journals';
import { DocumentLines } from './document-lines';
import { documentTitle } from './document-title';
import { DocumentTotals } from './document-totals';
import { fetchDocument } from './documents-api';
import type { Kind, Row } from './kind';
import { PdfButton } from './pdf-button';
import { RelatedDocuments } from './related-documents';
import './documents.css';

function DocumentBody({ kind, doc }: { kind: Kind; doc: Row }) {
  const id = kind.id(doc);
  const title = documentTitle(kind, doc);
  return (
    <>
      <PageHeading title={`${kind.one} ${title}`}>
        {kind.pdf && <PdfButton kind={kind} id={id} title={title} />}
      </PageHeading>
      <DocumentFacts kind={kind} doc={doc} />
      <DocumentLines kind={kind} doc={doc} />
      <DocumentTotals kind={kind} doc={doc} />
      <RelatedDocuments kind={kind} doc={doc} />
      <DocumentJournals documentId={id} />
      {kind.activity && <DocumentActivity kind={kind} id={id} />}
    </>
  );
}

/** One document: its header, lines, amounts, the journals it posted, its activity, and its PDF where it has one. */
export function DocumentPage({ kind, id }: { kind: Kind; id: string }) {
  const loaded = useApi((api) => fetchDocument(api, kind, id), [kind, id]);
  return (
    <>
      <p><a href={documentListHref(kind.kind)}>← {kind.title}</a></p>
      <Loading loaded={loaded}>{(doc) => <DocumentBody kind={kind} doc={doc} />}</Loading>
    </>
  );
}
