import { useState } from 'preact/hooks';
import { showDate } from '../../format/dates';
import { formatRupees } from '../../format/money';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { jsonOf } from '../bank/json-answer';
import type { Write } from '../bank/use-write';
import type { ReconciliationRow } from './gst-types';
import { statusLabel } from './gst-types';

interface Side { id: string; label: string }

/** The documents of the other side a row may be paired with: the period's rows of its supplier and type that have that side. */
function otherSides(row: ReconciliationRow, rows: ReconciliationRow[]): Side[] {
  const describe = (number: string, date: string, taxable: number, r: ReconciliationRow) => `${number} of ${showDate(date)}, taxable ${formatRupees(taxable)} (${statusLabel(r.status)})`;
  if (row.gstr2b) {
    return rows.filter((r) => r.books && r.books.document_id !== row.books?.document_id)
      .map((r) => ({ id: r.books!.document_id, label: describe(r.books!.document_number, r.books!.document_date, r.books!.taxable_value, r) }));
  }
  return rows.filter((r) => r.gstr2b)
    .map((r) => ({ id: r.gstr2b!.gstr2b_document_id, label: describe(r.gstr2b!.document_number, r.gstr2b!.document_date, r.gstr2b!.taxable_value, r) }));
}

/**
 * Pairs a row with a document of the other side: for a 2B document, a bill, expense, vendor
 * credit or Bill of Entry of the same supplier and type; for a document of the books, a 2B
 * document. A suggested pair is confirmed as it stands.
 */
export function LinkForm({ row, gstin, period, write, onDone }: { row: ReconciliationRow; gstin: string; period: string; write: Write; onDone: () => void }) {
  const [chosen, setChosen] = useState('');
  const [reason, setReason] = useState('');
  const candidates = useApi(async (api) => jsonOf(await api.get('/gst/reconciliation', {
    params: { query: { gstin, period, format: 'json', per_page: 200, document_type: row.document_type, ...(row.supplier_gstin && { supplier_gstin: row.supplier_gstin }) } },
  })).reconciliation, [row.reconciliation_id]);
  const link = (body: { books_document_id?: string; gstr2b_document_id?: string; reason?: string }) => write.run((api) => api.post('/gst/reconciliation/{reconciliation_id}/link', {
    params: { path: { reconciliation_id: row.reconciliation_id } }, body,
  }), onDone);
  const side = row.gstr2b ? 'books_document_id' : 'gstr2b_document_id';
  return (
    <>
      {row.status === 'suggested' && (
        <p class="actions">
          <button type="button" disabled={write.busy} onClick={() => void link({})}>Confirm the suggested pair with {row.books?.document_number}</button>
        </p>
      )}
      <Loading loaded={candidates}>
        {(rows) => {
          const sides = otherSides(row, rows);
          if (sides.length === 0) return <p>No document of the other side from this supplier in the period to link to.</p>;
          return (
            <form onSubmit={(e) => { e.preventDefault(); void link({ [side]: chosen, ...(reason && { reason }) }); }}>
              <fieldset class="grid">
                <legend>Link to {row.gstr2b ? 'a document of the books' : 'a 2B document'}</legend>
                <label>
                  {row.gstr2b ? 'Document of the books' : '2B document'}
                  <select required value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
                    <option value="">Choose…</option>
                    {sides.map((s) => <option key={s.id} value={s.id}>{s.label}</option>)}
                  </select>
                </label>
                <label>
                  Reason (optional)
                  <input maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
                </label>
              </fieldset>
              <button type="submit" disabled={write.busy}>Link</button>
            </form>
          );
        }}
      </Loading>
    </>
  );
}
