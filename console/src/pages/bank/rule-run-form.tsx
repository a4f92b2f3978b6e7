import { useState } from 'preact/hooks';
import { DateField } from '../../ui/date-field';
import { ChoiceSelect, MONEY_TYPES, type Choice } from './choices';
import type { Write } from './use-write';

/** Runs the rules over one account's unmatched lines, optionally between two dates; the API says what it matched and suggested. */
export function RuleRunForm({ accounts, write }: { accounts: Choice[]; write: Write }) {
  const [accountId, setAccountId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const run = () => write.run(async (api) => {
    const answer = await api.post('/bank_rules/run', { body: { account_id: accountId, ...(from && { from_date: from }), ...(to && { to_date: to }) } });
    return { message: `${answer.message} Matched ${answer.bank_rule_run.matched} line(s), suggested for ${answer.bank_rule_run.suggested}.` };
  });
  return (
    <form onSubmit={(e) => { e.preventDefault(); void run(); }}>
      <fieldset class="grid">
        <legend>Run the rules</legend>
        <ChoiceSelect id="run-account" label="Over the unmatched lines of" choices={accounts.filter((a) => MONEY_TYPES.includes(a.type))} value={accountId} onChange={setAccountId} required />
        <DateField label="From (optional)" name="run_from" value={from} onChange={setFrom} />
        <DateField label="To (optional)" name="run_to" value={to} onChange={setTo} />
      </fieldset>
      <button type="submit" disabled={write.busy}>Run the rules</button>
    </form>
  );
}
