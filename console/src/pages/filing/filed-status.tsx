import { BahiError, type components } from '@bahi/sdk';
import { useState } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { ErrorNote } from '../../ui/error-note';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import type { FilingChoice } from './filing-links';
import { MarkFiledForm, type ReturnName } from './mark-filed-form';
import { periodLabel } from './return-period';

type FiledReturn = components['schemas']['FiledReturn'];

const RETURN_TITLES: Record<ReturnName, string> = { GSTR1: 'GSTR-1', GSTR3B: 'GSTR-3B' };

/** The changes since the return was marked: what differs from the return as filed. */
function ChangedSince({ changes }: { changes: FiledReturn['changed_since'] }) {
  return (
    <DataTable
      caption="Changed since it was marked filed" empty="Nothing reported by this return has changed since."
      rows={changes} rowKey={(c) => `${c.source_id}|${c.change}|${c.changed_time}`}
      columns={[
        { header: 'Document', cell: (c) => `${c.source} ${c.number ?? c.source_id}` },
        { header: 'Date', cell: (c) => <DateText value={c.date} /> },
        { header: 'Change', cell: (c) => c.change },
        { header: 'When', cell: (c) => <DateText value={c.changed_time} /> },
      ]}
    />
  );
}

/**
 * Whether this return is marked filed on the portal (GET …/filed; 404 when it is not), with the
 * ARN and what changed since; marking it filed and reopening it for a token that may.
 */
export function FiledStatus({ choice, ret }: { choice: FilingChoice; ret: ReturnName }) {
  const { api, can } = useSignedIn();
  const [outcome, setOutcome] = useState<{ message?: string; error?: Error }>({});
  const path = { gstin: choice.gstin, period: choice.period };
  const filed = useApi(async (client) => {
    try {
      return (await client.get('/gst/returns/{gstin}/{period}/filed', { params: { path, query: { return: ret } } })).filed_return;
    } catch (e) {
      if (e instanceof BahiError && e.status === 404) return null;
      throw e;
    }
  }, [choice.gstin, choice.period, ret]);
  const after = (write: Promise<{ message: string }>) => write.then(
    ({ message }) => { setOutcome({ message }); filed.reload(); },
    (error: Error) => setOutcome({ error }),
  );
  const reopen = () => after(api.delete('/gst/returns/{gstin}/{period}/filed', { params: { path, query: { return: ret } } }));
  const title = `${RETURN_TITLES[ret]} for ${periodLabel(choice.period)}`;
  return (
    <section aria-labelledby={`filed-${ret}`} class="filed-status">
      <h2 id={`filed-${ret}`}>Filing</h2>
      {outcome.message && <p role="status">{outcome.message}</p>}
      <ErrorNote error={outcome.error} />
      <Loading loaded={filed}>
        {(marked) => marked
          ? (
            <>
              <p><strong>{title} is marked filed</strong>: ARN <code>{marked.arn}</code>, filed on <DateText value={marked.filed_on} />.</p>
              <ChangedSince changes={marked.changed_since} />
              {can('Svc.gst.UPDATE') && <button type="button" class="secondary" onClick={() => void reopen()}>Reopen {RETURN_TITLES[ret]}</button>}
            </>
          )
          : (
            <>
              <p>{title} is not marked filed.</p>
              {can('Svc.gst.UPDATE') && <MarkFiledForm ret={ret} title={RETURN_TITLES[ret]} onMark={(body) => after(api.put('/gst/returns/{gstin}/{period}/filed', { params: { path }, body }))} />}
            </>
          )}
      </Loading>
    </section>
  );
}
