import { useState } from 'preact/hooks';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { DownloadButton } from '../../ui/download-button';
import { FiledStatus } from './filed-status';
import { FilingFrame } from './filing-frame';
import type { FilingChoice } from './filing-links';
import { Gstr3bTables } from './gstr3b-tables';
import { jsonAnswer } from './json-answer';

type ItcBasis = 'books' | 'gstr2b';

function Gstr3bReturn({ choice }: { choice: FilingChoice }) {
  const [basis, setBasis] = useState<ItcBasis>('books');
  // The books basis is the API's default: left out, the query (and so the download) is the plain one.
  const query = { gstin: choice.gstin, period: choice.period, ...(basis === 'gstr2b' && { itc_basis: basis }) };
  const loaded = useApi(async (api) => jsonAnswer(await api.get('/gst/gstr3b', { params: { query } })), [choice.gstin, choice.period, basis]);
  return (
    <>
      <label class="itc-basis">
        Table 4 (input tax credit) from
        <select name="itc_basis" value={basis} onChange={(e) => setBasis(e.currentTarget.value as ItcBasis)}>
          <option value="books">The books</option>
          <option value="gstr2b">GSTR-2B, IMS actions and what matched the books</option>
        </select>
      </label>
      <div class="downloads">
        <DownloadButton label="Download JSON" path="/gst/gstr3b" query={query} fileName={`gstr3b-${choice.period}.json`} />
        <DownloadButton label="Download CSV" path="/gst/gstr3b" query={{ ...query, format: 'csv' }} fileName={`gstr3b-${choice.period}.csv`} />
      </div>
      <Loading loaded={loaded}>
        {({ gstr3b, itc_differences: differences }) => <Gstr3bTables gstr3b={gstr3b} {...(differences && { differences })} />}
      </Loading>
      <FiledStatus choice={choice} ret="GSTR3B" />
    </>
  );
}

/** GSTR-3B of one GSTIN and month, table by table, with its filing. */
export function Gstr3bPage() {
  return <FilingFrame title="GSTR-3B">{(choice) => <Gstr3bReturn choice={choice} />}</FilingFrame>;
}
