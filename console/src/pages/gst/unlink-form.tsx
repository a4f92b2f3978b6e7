import { useState } from 'preact/hooks';
import type { Write } from '../bank/use-write';
import type { ReconciliationRow } from './gst-types';

/** Refuses the pair a row holds (made or suggested): the two are not the same document; the reason goes to the books document's activity. */
export function UnlinkForm({ row, write, onDone }: { row: ReconciliationRow; write: Write; onDone: () => void }) {
  const [reason, setReason] = useState('');
  return (
    <form onSubmit={(e) => {
      e.preventDefault();
      void write.run((api) => api.post('/gst/reconciliation/{reconciliation_id}/unlink', {
        params: { path: { reconciliation_id: row.reconciliation_id } }, body: reason ? { reason } : {},
      }), onDone);
    }}>
      <fieldset>
        <legend>Not the same document</legend>
        <label>
          Reason for unlinking {row.gstr2b?.document_number} from {row.books?.document_number}
          <input maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} placeholder="The bill is for another consignment" />
        </label>
        <button type="submit" class="secondary" disabled={write.busy}>Unlink</button>
      </fieldset>
    </form>
  );
}
