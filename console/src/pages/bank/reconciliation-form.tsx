import { useState } from 'preact/hooks';
import { DateField } from '../../ui/date-field';
import type { Write } from './use-write';

/**
 * Starts a reconciliation to a statement's date and closing balance, or changes the open one's
 * (the API keeps one open per account). The balance is sent as typed; the server keeps paise.
 */
export function ReconciliationForm({ accountId, write, onSaved }: { accountId: string; write: Write; onSaved: () => void }) {
  const [date, setDate] = useState('');
  const [closing, setClosing] = useState('');
  return (
    <form onSubmit={(e) => {
      e.preventDefault();
      void write.run((api) => api.post('/bank_accounts/{account_id}/reconciliations', {
        params: { path: { account_id: accountId } }, body: { statement_date: date, closing_balance: Number(closing) },
      }), onSaved);
    }}>
      <fieldset class="grid">
        <legend>Reconcile to a statement</legend>
        <DateField label="Statement date" name="statement_date" value={date} onChange={setDate} required />
        <label>
          Closing balance on the statement, ₹ (negative when overdrawn)
          <input name="closing_balance" type="number" step="0.01" required inputMode="decimal" value={closing} onInput={(e) => setClosing(e.currentTarget.value)} />
        </label>
      </fieldset>
      <button type="submit" disabled={write.busy}>Save reconciliation</button>
    </form>
  );
}
