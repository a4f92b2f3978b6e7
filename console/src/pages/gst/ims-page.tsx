import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { download } from '../../ui/download';
import { ErrorNote } from '../../ui/error-note';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { jsonOf } from '../bank/json-answer';
import { Pager } from '../bank/pager';
import { GstReturnPicker } from './gst-return-picker';
import { periodLabel } from './gst-period';
import type { ImsBody } from './ims-buttons';
import { ImsRecordForm } from './ims-record-form';
import { useGstReturn } from './use-gst-return';
import './gst.css';

const ACTION_FILTER: [string, string][] = [['', 'Every action'], ['ACCEPTED', 'Accepted'], ['REJECTED', 'Rejected'], ['PENDING', 'Pending']];

/** The IMS actions recorded for a registration's documents of a month, as CSV for the portal, and a form to record one. */
export function ImsActionsPage() {
  const { api, can } = useSignedIn();
  const { path, query, route } = useLocation();
  const { loaded, current } = useGstReturn();
  const { gstin, period } = current;
  const action = (query.action ?? '') as ImsBody['action'] | '';
  const [cursor, setCursor] = useState<string>();
  const [csvError, setCsvError] = useState<Error>();
  const list = useApi(async (a) => (gstin ? jsonOf(await a.get('/gst/ims_actions', {
    params: { query: { gstin, period, format: 'json', ...(action && { action }), ...(cursor && { cursor }) } },
  })) : undefined), [gstin, period, action, cursor]);
  const csv = () => {
    setCsvError(undefined);
    download(api, '/gst/ims_actions', { gstin, period, format: 'csv', ...(action && { action }) }, `ims-actions-${period}.csv`, 'text/csv')
      .catch((e: unknown) => setCsvError(e instanceof Error ? e : new Error(String(e))));
  };
  return (
    <>
      <PageHeading title={`IMS actions, ${periodLabel(period)}`}>
        <button type="button" class="secondary" onClick={csv} disabled={!gstin}>Download CSV for the portal</button>
      </PageHeading>
      <ErrorNote error={csvError} />
      <Loading loaded={loaded}>{() => <GstReturnPicker key={`${gstin}-${period}`} current={current} />}</Loading>
      <label>
        Action
        <select value={action} onChange={(e) => { setCursor(undefined); const { action: _a, ...rest } = query; const next = e.currentTarget.value; route(`${path}?${new URLSearchParams(next ? { ...rest, action: next } : rest)}`); }}>
          {ACTION_FILTER.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
        </select>
      </label>
      <Loading loaded={list}>
        {(data) => data && (
          <>
            <DataTable
              caption="Actions on suppliers' documents, by document date"
              rows={data.ims_actions}
              rowKey={(a) => a.ims_action_id}
              empty="No action recorded for this month."
              columns={[
                { header: 'Supplier GSTIN', cell: (a) => a.supplier_gstin },
                { header: 'Type', cell: (a) => a.document_type },
                { header: 'Number', cell: (a) => a.document_number },
                { header: 'Date', cell: (a) => <DateText value={a.document_date} /> },
                { header: 'Action', cell: (a) => a.action + (a.credit_reduction ? `, credit reduced: ${a.credit_reduction.kind.toLowerCase()}` : '') },
                { header: 'Reason', cell: (a) => a.reason ?? a.credit_reduction?.remark ?? '' },
                { header: 'Acted on', cell: (a) => <DateText value={a.acted_on} /> },
              ]}
            />
            <Pager next={data.page_context.next_cursor ?? undefined} onPage={setCursor} atStart={cursor === undefined} />
          </>
        )}
      </Loading>
      {gstin && can('Svc.gst.UPDATE') && <ImsRecordForm gstin={gstin} onDone={list.reload} />}
    </>
  );
}
