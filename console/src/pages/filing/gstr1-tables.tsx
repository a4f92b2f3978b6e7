import type { components } from '@bahi/sdk';
import { ReturnTable } from './field-columns';
import type { FilingChoice } from './filing-links';
import { flatRows, type FlatRow } from './flat-rows';
import { DownloadButton } from '../../ui/download-button';
import { GSTR1_TABLES, type Gstr1Table } from './return-fields';

type Gstr1 = components['schemas']['Gstr1'];

/** Each table's rows, as the portal's JSON nests them, laid flat. */
function rowsOf(gstr1: Gstr1, table: Gstr1Table): FlatRow[] {
  switch (table) {
    case 'nil': return gstr1.nil.inv.flatMap(flatRows);
    case 'hsn_b2b': case 'hsn_b2c': return gstr1.hsn[table].flatMap(flatRows);
    case 'doc_issue': return gstr1.doc_issue.doc_det.flatMap(flatRows);
    case 'at': case 'txpd': return (gstr1[table] ?? []).flatMap(flatRows);
    default: return gstr1[table].flatMap(flatRows);
  }
}

/** The section of the API's CSV form (GET /gst/gstr1?format=csv&section=) a table is in; advances have none. */
const CSV_SECTION: Partial<Record<Gstr1Table, string>> = {
  b2b: 'b2b', b2cl: 'b2cl', b2cs: 'b2cs', cdnr: 'cdnr', cdnur: 'cdnur', exp: 'exp', nil: 'nil', hsn_b2b: 'hsn', doc_issue: 'doc_issue',
};

/** Every table of the return, each with its rows and its section's CSV from the API. */
export function Gstr1Tables({ gstr1, choice }: { gstr1: Gstr1; choice: FilingChoice }) {
  return (
    <>
      {(Object.keys(GSTR1_TABLES) as Gstr1Table[]).map((table) => {
        const [title, fields] = GSTR1_TABLES[table];
        const rows = rowsOf(gstr1, table);
        const csv = CSV_SECTION[table];
        return (
          <details key={table} class="return-table">
            <summary>{title}: <code>{table}</code>, {rows.length} {rows.length === 1 ? 'row' : 'rows'}</summary>
            {csv && (
              <DownloadButton
                label={`Download ${csv} CSV`} path="/gst/gstr1"
                query={{ ...choice, format: 'csv', section: csv }} fileName={`gstr1-${csv}-${choice.period}.csv`}
              />
            )}
            <ReturnTable caption={`${title}, ${table}`} fields={fields} rows={rows} empty="None in this period." />
          </details>
        );
      })}
    </>
  );
}
