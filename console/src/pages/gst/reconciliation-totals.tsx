import { DataTable } from '../../ui/data-table';
import type { MatchStatus, ReconciliationTotals } from './gst-types';
import { statusLabel } from './gst-types';
import { Heads } from './heads';

/** The API's totals over every row of the filter (not only this page): per status, then per supplier. */
export function ReconciliationTotalsTables({ totals }: { totals: ReconciliationTotals }) {
  return (
    <>
      <DataTable
        caption="Totals by status"
        rows={totals.by_status}
        rowKey={(t) => t.status}
        columns={[
          { header: 'Status', cell: (t) => statusLabel(t.status) },
          { header: 'Documents', numeric: true, cell: (t) => t.count },
          { header: 'Credit allowed', numeric: true, cell: (t) => <Heads value={t.eligible} /> },
        ]}
      />
      <DataTable
        caption="Totals by supplier"
        rows={totals.by_supplier}
        rowKey={(t) => t.supplier_gstin ?? 'imports'}
        columns={[
          { header: 'Supplier', cell: (t) => (t.supplier_name ? `${t.supplier_name} (${t.supplier_gstin})` : t.supplier_gstin ?? 'Imports') },
          { header: 'Documents', numeric: true, cell: (t) => t.count },
          { header: 'By status', cell: (t) => Object.entries(t.statuses).filter(([, n]) => n > 0).map(([s, n]) => `${statusLabel(s as MatchStatus)} ${n}`).join(', ') },
          { header: 'Credit allowed', numeric: true, cell: (t) => <Heads value={t.eligible} /> },
        ]}
      />
    </>
  );
}
