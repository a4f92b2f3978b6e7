import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import type { ReconciliationRow } from './gst-types';
import { rowNumber, statusLabel } from './gst-types';
import { Heads } from './heads';

/** A difference between the two sides, in words: amounts are the API's rupees, shown as given. */
const differenceText = (d: ReconciliationRow['differences'][number]) => `${d.field.replaceAll('_', ' ')}: 2B ${d.gstr2b}, books ${d.books}`;

/** The period's rows, each with both sides, what differs, and the credit it allows; a button opens one for review. */
export function ReconciliationRows({ rows, onReview }: { rows: ReconciliationRow[]; onReview: (id: string) => void }) {
  return (
    <DataTable
      caption="Documents of 2B and of the books"
      rows={rows}
      rowKey={(r) => r.reconciliation_id}
      empty="No document of this filter in the period."
      columns={[
        { header: 'Review', cell: (r) => <button type="button" class="secondary" onClick={() => onReview(r.reconciliation_id)} aria-label={`Review ${rowNumber(r)}`}>Review</button> },
        { header: 'Status', cell: (r) => [statusLabel(r.status), r.basis && `(${r.basis.replaceAll('_', ' ')})`, r.cross_period && 'other month'].filter(Boolean).join(' ') },
        { header: 'Supplier', cell: (r) => r.supplier_name ?? r.supplier_gstin ?? 'Import' },
        { header: 'Type', cell: (r) => r.document_type },
        { header: '2B document', cell: (r) => r.gstr2b && <>{r.gstr2b.document_number}{r.gstr2b.rejected && ' (rejected in IMS)'}<br /><DateText value={r.gstr2b.document_date} /></> },
        { header: '2B tax', numeric: true, cell: (r) => r.gstr2b && <Heads value={r.gstr2b} /> },
        { header: 'Books document', cell: (r) => r.books && <>{r.books.document_number}<br /><DateText value={r.books.document_date} /></> },
        { header: 'Books tax', numeric: true, cell: (r) => r.books && <Heads value={r.books} /> },
        { header: 'Differences', cell: (r) => r.differences.map(differenceText).join('; ') },
        { header: 'Credit allowed', numeric: true, cell: (r) => <Heads value={r.eligible} /> },
      ]}
    />
  );
}
