import { useMemo } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { DateText } from '../../ui/date-text';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { journalHref, sourceDocumentHref } from '../links';
import { useAccounts } from './accounts';
import { DownloadButton } from '../../ui/download-button';
import { JournalLinesTable, type Journal } from './journal-lines-table';
import { pdfOfSource, sourceLabel } from './journal-sources';
import './reports.css';

const STATUS_WORDS: Record<Journal['status'], string> = {
  POSTED: 'Posted', REVERSED: 'Reversed by a later entry', REVERSAL: 'Reversal of an earlier entry',
};

/** What posted the entry: a link to its document where the console has a page for it. */
function SourceOf({ journal }: { journal: Journal }) {
  const words = [sourceLabel(journal.source), journal.source_ref].filter(Boolean).join(' ');
  const href = sourceDocumentHref(journal.source, journal.source_id);
  return href ? <a href={href} class="source-document">{words}</a> : <>{words}</>;
}

/** The PDF of the document that posted the entry, when its kind has one and the token may read it. */
function SourcePdf({ journal }: { journal: Journal }) {
  const { can } = useSignedIn();
  const pdf = pdfOfSource(journal.source, journal.source_id);
  if (!pdf || !can(pdf.scope)) return null;
  return <DownloadButton label="PDF" path={pdf.path} fileName={`${journal.source_ref ?? journal.source_id}.pdf`} accept="application/pdf" />;
}

function JournalDetails({ journal }: { journal: Journal }) {
  const accounts = useAccounts();
  const byId = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.account_id, a])), [accounts.data]);
  const other = journal.reverses_journal_id ?? journal.reversed_by_journal_id;
  return (
    <>
      <dl class="report-summary">
        <div><dt>Date</dt><dd><DateText value={journal.date} /></dd></div>
        <div><dt>Posted by</dt><dd><SourceOf journal={journal} /></dd></div>
        <div>
          <dt>Status</dt>
          <dd>{STATUS_WORDS[journal.status]}{other && <> (<a href={journalHref(other)}>the other entry</a>)</>}</dd>
        </div>
        {journal.memo && <div><dt>Memo</dt><dd>{journal.memo}</dd></div>}
      </dl>
      <JournalLinesTable journal={journal} accounts={byId} />
    </>
  );
}

/** A journal entry: when and what posted it, its lines, and the document's PDF. */
export function JournalPage({ journal_id }: { journal_id: string }) {
  const loaded = useApi((api) => api.get('/journals/{journal_id}', { params: { path: { journal_id } } }), [journal_id]);
  const journal = loaded.data?.journal;
  return (
    <>
      <PageHeading title={journal?.source_ref ? `Journal entry, ${journal.source_ref}` : 'Journal entry'}>
        {journal && <SourcePdf journal={journal} />}
      </PageHeading>
      <Loading loaded={loaded}>{({ journal: j }) => <JournalDetails journal={j} />}</Loading>
    </>
  );
}
