import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { DownloadButton } from '../../ui/download-button';
import { ReturnTable, type Field } from './field-columns';
import { FilingFrame } from './filing-frame';
import { reportQuery, type FilingChoice } from './filing-links';
import { flatRows } from './flat-rows';
import { jsonAnswer } from './json-answer';
import { DOC_ISSUE_FIELDS } from './return-fields';

const FIELDS: readonly Field[] = [...DOC_ISSUE_FIELDS.slice(0, 3), ['series', 'Series'], ...DOC_ISSUE_FIELDS.slice(3)];

function DocumentsIssued({ choice }: { choice: FilingChoice }) {
  const query = reportQuery(choice);
  const loaded = useApi(async (api) => jsonAnswer(await api.get('/reports/documents_issued', { params: { query } })).documents_issued, [choice.gstin, choice.period]);
  return (
    <>
      <div class="downloads">
        <DownloadButton label="Download CSV" path="/reports/documents_issued" query={{ ...query, format: 'csv' }} fileName={`documents-issued-${choice.period}.csv`} />
      </div>
      <Loading loaded={loaded}>
        {(issued) => <ReturnTable caption="Documents issued, by kind and series" fields={FIELDS} rows={issued.doc_det.flatMap(flatRows)} empty="None in this period." />}
      </Loading>
    </>
  );
}

/** GSTR-1 Table 13 for the month: each kind of document and series, numbers issued and cancelled. */
export function DocumentsIssuedPage() {
  return <FilingFrame title="Documents issued">{(choice) => <DocumentsIssued choice={choice} />}</FilingFrame>;
}
