import { useState } from 'preact/hooks';
import type { Write } from './use-write';

/** Keeps a line out of matching and reconciliation, with the reason the API records. */
export function ExcludeForm({ lineId, write, onDone }: { lineId: string; write: Write; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const id = `exclude-${lineId}`;
  return (
    <details>
      <summary>Exclude this line</summary>
      <form onSubmit={(e) => {
        e.preventDefault();
        void write.run((api) => api.post('/bank_transactions/{bank_transaction_id}/exclude', {
          params: { path: { bank_transaction_id: lineId } }, body: { reason },
        }), onDone);
      }}>
        <label for={id}>Reason</label>
        <input id={id} required maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} placeholder="Charges reversed by the bank next day" />
        <button type="submit" class="secondary" disabled={write.busy}>Exclude</button>
      </form>
    </details>
  );
}
