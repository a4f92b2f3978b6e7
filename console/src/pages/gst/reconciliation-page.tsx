import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { jsonOf } from '../bank/json-answer';
import { Pager } from '../bank/pager';
import { GstReturnPicker } from './gst-return-picker';
import { periodLabel } from './gst-period';
import type { MatchStatus, SupplierDocumentType } from './gst-types';
import { ReconciliationFilters } from './reconciliation-filters';
import { ReconciliationRows } from './reconciliation-rows';
import { ReconciliationTotalsTables } from './reconciliation-totals';
import { RowReview } from './row-review';
import { useGstReturn } from './use-gst-return';
import './gst.css';

/**
 * A month's GSTR-2B beside the books: the rows by status and supplier with the totals the API
 * works out over every row of the filter, and one row at a time opened to link, unlink or act in IMS.
 */
export function ReconciliationPage() {
  const { query } = useLocation();
  const { loaded, current } = useGstReturn();
  const { gstin, period } = current;
  const [cursor, setCursor] = useState<string>();
  const [reviewing, setReviewing] = useState<string>();
  const filters = {
    ...(query.status && { status: query.status as MatchStatus }),
    ...(query.supplier_gstin && { supplier_gstin: query.supplier_gstin }),
    ...(query.document_type && { document_type: query.document_type as SupplierDocumentType }),
  };
  const key = [gstin, period, query.status, query.supplier_gstin, query.document_type];
  const rows = useApi(async (api) => (gstin ? jsonOf(await api.get('/gst/reconciliation', {
    params: { query: { gstin, period, format: 'json', per_page: 50, ...filters, ...(cursor && { cursor }) } },
  })) : undefined), [...key, cursor]);
  const suppliers = useApi(async (api) => (gstin ? (await api.get('/gst/reconciliation/suppliers', { params: { query: { gstin, period } } })).suppliers : []), [gstin, period]);
  const reviewed = rows.data?.reconciliation.find((r) => r.reconciliation_id === reviewing);
  return (
    <>
      <PageHeading title={`GSTR-2B reconciliation, ${periodLabel(period)}`} />
      <Loading loaded={loaded}>{() => <GstReturnPicker key={`${gstin}-${period}`} current={current} />}</Loading>
      <ReconciliationFilters suppliers={(suppliers.data ?? []).map((s) => ({ gstin: s.supplier_gstin, name: s.supplier_name ?? s.supplier_gstin }))} />
      <Loading loaded={rows}>
        {(data) => data && (
          <>
            <ReconciliationRows rows={data.reconciliation} onReview={setReviewing} />
            <Pager next={data.page_context.next_cursor ?? undefined} onPage={setCursor} atStart={cursor === undefined} />
            {reviewed && gstin && <RowReview key={reviewed.reconciliation_id} row={reviewed} gstin={gstin} period={period} onChanged={rows.reload} onClose={() => setReviewing(undefined)} />}
            <ReconciliationTotalsTables totals={data.totals} />
          </>
        )}
      </Loading>
    </>
  );
}
