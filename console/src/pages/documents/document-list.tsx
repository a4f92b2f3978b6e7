import { useLocation } from 'preact-iso';
import { DataTable, type Column } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { saveFile } from '../../ui/download';
import { ErrorNote } from '../../ui/error-note';
import { PageHeading } from '../../ui/page-heading';
import { documentHref, documentListHref } from '../links';
import { DocumentAmount } from './document-amount';
import { documentTitle } from './document-title';
import type { Kind, Row } from './kind';
import { listCsv } from './list-csv';
import { ListFilters } from './list-filters';
import { listQuery } from './list-query';
import { useDocumentList } from './use-document-list';
import { readable } from './words';
import './documents.css';

function columnsOf(kind: Kind): Column<Row>[] {
  const href = (row: Row) => (kind.href ?? ((id: string) => documentHref(kind.kind, id)))(kind.id(row));
  return [
    { header: 'Number', cell: (row) => <a class="document-number" href={href(row)}>{documentTitle(kind, row)}</a> },
    ...(kind.party ? [{ header: kind.partyLabel ?? 'Party', cell: (row: Row) => kind.party?.(row) }] : []),
    { header: 'Date', cell: (row) => <DateText value={kind.date(row)} /> },
    ...(kind.status ? [{ header: kind.statusLabel ?? 'Status', cell: (row: Row) => readable(kind.status?.(row)) }] : []),
    { header: 'Total', numeric: true, cell: (row) => <DocumentAmount value={kind.total(row)} currency={kind.currency?.(row)} /> },
  ];
}

/** One kind's list: its filters (in the address), its rows newest first a page at a time, and a CSV of what is shown. */
export function DocumentList({ kind }: { kind: Kind }) {
  const { query } = useLocation();
  const path = documentListHref(kind.kind);
  const filters = listQuery(kind, query);
  const list = useDocumentList(kind, filters);
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeading title={kind.title}>
        <button type="button" class="secondary" disabled={list.rows.length === 0}
          onClick={() => saveFile(new Blob([listCsv(kind, list.rows)], { type: 'text/csv' }), `${kind.kind}.csv`)}>
          Download CSV
        </button>
      </PageHeading>
      <ListFilters kind={kind} path={path} filters={filters} />
      <ErrorNote error={list.error} />
      <DataTable
        caption={`${kind.title}${filtered ? ' matching the filters' : ''}, newest first`}
        columns={columnsOf(kind)} rows={list.rows} rowKey={kind.id}
        empty={list.loading ? 'Loading…' : `No ${kind.title.toLowerCase()}${filtered ? ' match these filters' : ' yet'}.`}
      />
      <p class="list-footer" aria-live="polite">
        <span>{list.rows.length} shown{list.more ? ', more to load' : ''}.</span>
        {list.more && <button type="button" class="outline" aria-busy={list.loading ? 'true' : undefined} disabled={list.loading} onClick={list.loadMore}>Load more</button>}
      </p>
    </>
  );
}
