import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { DownloadButton } from '../../ui/download-button';
import { ReturnTable, TAX_FIELDS } from './field-columns';
import { FiledStatus } from './filed-status';
import { FilingFrame } from './filing-frame';
import type { FilingChoice } from './filing-links';
import { Gstr1Reconciliation } from './gstr1-reconciliation';
import { Gstr1Tables } from './gstr1-tables';
import { jsonAnswer } from './json-answer';

/** The return and its summary (section totals and the books' reconciliation), both as the API worked them out. */
function Gstr1Return({ choice }: { choice: FilingChoice }) {
  const loaded = useApi(async (api) => {
    const query = { gstin: choice.gstin, period: choice.period };
    const [full, summary] = await Promise.all([
      api.get('/gst/gstr1', { params: { query } }),
      api.get('/gst/gstr1/summary', { params: { query } }),
    ]);
    return { gstr1: jsonAnswer(full).gstr1, summary: jsonAnswer(summary).gstr1_summary };
  }, [choice.gstin, choice.period]);
  return (
    <>
      <div class="downloads">
        <DownloadButton label="Download JSON" path="/gst/gstr1" query={{ ...choice }} fileName={`gstr1-${choice.period}.json`} />
        <DownloadButton label="Download summary CSV" path="/gst/gstr1/summary" query={{ ...choice, format: 'csv' }} fileName={`gstr1-summary-${choice.period}.csv`} />
      </div>
      <Loading loaded={loaded}>
        {({ gstr1, summary }) => (
          <>
            <ReturnTable
              caption="Section totals" rows={summary.sections}
              fields={[['section', 'Section'], ['documents', 'Documents', 'number'], ...TAX_FIELDS]}
            />
            <Gstr1Reconciliation reconciliation={summary.reconciliation} />
            <h2>Sections</h2>
            <Gstr1Tables gstr1={gstr1} choice={choice} />
          </>
        )}
      </Loading>
      <FiledStatus choice={choice} ret="GSTR1" />
    </>
  );
}

/** GSTR-1 of one GSTIN and month: its sections, their totals, its agreement with the books, and its filing. */
export function Gstr1Page() {
  return <FilingFrame title="GSTR-1">{(choice) => <Gstr1Return choice={choice} />}</FilingFrame>;
}
