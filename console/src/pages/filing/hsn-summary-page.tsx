import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { DownloadButton } from '../../ui/download-button';
import { ReturnTable } from './field-columns';
import { FilingFrame } from './filing-frame';
import { reportQuery, type FilingChoice } from './filing-links';
import { jsonAnswer } from './json-answer';
import { HSN_FIELDS } from './return-fields';

function HsnSummary({ choice }: { choice: FilingChoice }) {
  const query = reportQuery(choice);
  const loaded = useApi(async (api) => jsonAnswer(await api.get('/reports/hsn_summary', { params: { query } })).hsn_summary, [choice.gstin, choice.period]);
  return (
    <>
      <div class="downloads">
        <DownloadButton label="Download CSV" path="/reports/hsn_summary" query={{ ...query, format: 'csv' }} fileName={`hsn-summary-${choice.period}.csv`} />
      </div>
      <Loading loaded={loaded}>
        {(hsn) => (
          <>
            <ReturnTable caption="To registered recipients (B2B)" fields={HSN_FIELDS} rows={hsn.hsn_b2b.data} totals={hsn.hsn_b2b.totals} empty="None in this period." />
            <ReturnTable caption="To unregistered recipients (B2C)" fields={HSN_FIELDS} rows={hsn.hsn_b2c.data} totals={hsn.hsn_b2c.totals} empty="None in this period." />
          </>
        )}
      </Loading>
    </>
  );
}

/** GSTR-1 Table 12 for the month: supplies by HSN or SAC, unit and rate. */
export function HsnSummaryPage() {
  return <FilingFrame title="HSN summary">{(choice) => <HsnSummary choice={choice} />}</FilingFrame>;
}
