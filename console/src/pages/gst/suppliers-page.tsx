import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { GstReturnPicker } from './gst-return-picker';
import { periodLabel } from './gst-period';
import { Heads } from './heads';
import { useGstReturn } from './use-gst-return';
import './gst.css';

/** Per supplier of the month: whether its GSTR-1 or IFF reached the 2B, and the books' documents it leaves out: the list to chase. */
export function SuppliersPage() {
  const { loaded, current } = useGstReturn();
  const { gstin, period } = current;
  const suppliers = useApi(async (api) => (gstin ? (await api.get('/gst/reconciliation/suppliers', { params: { query: { gstin, period } } })).suppliers : undefined), [gstin, period]);
  return (
    <>
      <PageHeading title={`Suppliers' filings, ${periodLabel(period)}`} />
      <Loading loaded={loaded}>{() => <GstReturnPicker key={`${gstin}-${period}`} current={current} />}</Loading>
      <Loading loaded={suppliers}>
        {(rows) => rows && (
          <DataTable
            caption="Suppliers of the month and what their filings leave out"
            rows={rows}
            rowKey={(s) => s.supplier_gstin}
            empty="No supplier in this month's 2B or books."
            columns={[
              { header: 'Supplier', cell: (s) => `${s.supplier_name ?? ''} (${s.supplier_gstin})` },
              { header: 'Filed', cell: (s) => (s.filed ? 'Yes' : 'No') },
              { header: 'Return period', cell: (s) => (s.supplier_period ? periodLabel(s.supplier_period) : '') },
              { header: 'Filed on', cell: (s) => <DateText value={s.filed_on} /> },
              { header: 'In 2B', numeric: true, cell: (s) => s.documents_in_gstr2b },
              { header: 'Missing in 2B', numeric: true, cell: (s) => s.missing_in_2b.count },
              { header: 'Their documents', cell: (s) => s.missing_in_2b.documents.map((d) => d.document_number).join(', ') },
              { header: 'Credit at stake', numeric: true, cell: (s) => <Heads value={s.missing_in_2b} /> },
            ]}
          />
        )}
      </Loading>
    </>
  );
}
