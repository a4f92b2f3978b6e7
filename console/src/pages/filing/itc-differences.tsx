import type { components } from '@bahi/sdk';
import { Amount } from '../../ui/amount';
import { DataTable, type Column } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';

type ItcDifference = components['schemas']['ItcDifference'];

const HEADS = [['igst', 'IGST'], ['cgst', 'CGST'], ['sgst', 'SGST'], ['cess', 'Cess']] as const;

/** One side's credit, a column per head. */
const creditColumns = (side: 'books_credit' | 'gstr2b_credit', name: string): Column<ItcDifference>[] =>
  HEADS.map(([head, label]) => ({ header: `${label}, ${name}`, numeric: true, cell: (d: ItcDifference) => <Amount value={d[side][head]} /> }));

/** With Table 4 from GSTR-2B: each document whose credit differs from the books', and why. */
export function ItcDifferences({ differences }: { differences: readonly ItcDifference[] }) {
  return (
    <DataTable
      caption="Documents whose credit differs between GSTR-2B and the books" empty="None: GSTR-2B and the books give the same credit."
      rows={differences} rowKey={(d) => `${d.reason}|${d.supplier_gstin ?? ''}|${d.document_type}|${d.document_number}`}
      columns={[
        { header: 'Reason', cell: (d) => d.reason },
        { header: 'Supplier GSTIN', cell: (d) => d.supplier_gstin ?? '—' },
        { header: 'Document', cell: (d) => `${d.document_type} ${d.document_number}` },
        { header: 'Date', cell: (d) => <DateText value={d.document_date} /> },
        ...creditColumns('books_credit', 'books'),
        ...creditColumns('gstr2b_credit', 'GSTR-2B'),
      ]}
    />
  );
}
