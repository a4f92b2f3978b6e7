import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { DownloadButton } from './download-button';
import { FiledStatus } from './filed-status';
import { FilingFrame } from './filing-frame';
import type { FilingChoice } from './filing-links';
import { Gstr3bTables } from './gstr3b-tables';
import { jsonAnswer } from './json-answer';

function Gstr3bReturn({ choice }: { choice: FilingChoice }) {
  const loaded = useApi(
    async (api) => jsonAnswer(await api.get('/gst/gstr3b', { params: { query: { gstin: choice.gstin, period: choice.period } } })).gstr3b,
    [choice.gstin, choice.period],
  );
  return (
    <>
      <div class="downloads">
        <DownloadButton label="Download JSON" path="/gst/gstr3b" query={{ ...choice }} fileName={`gstr3b-${choice.period}.json`} />
        <DownloadButton label="Download CSV" path="/gst/gstr3b" query={{ ...choice, format: 'csv' }} fileName={`gstr3b-${choice.period}.csv`} />
      </div>
      <Loading loaded={loaded}>{(gstr3b) => <Gstr3bTables gstr3b={gstr3b} />}</Loading>
      <FiledStatus choice={choice} ret="GSTR3B" />
    </>
  );
}

/** GSTR-3B of one GSTIN and month, table by table, with its filing. */
export function Gstr3bPage() {
  return <FilingFrame title="GSTR-3B">{(choice) => <Gstr3bReturn choice={choice} />}</FilingFrame>;
}
