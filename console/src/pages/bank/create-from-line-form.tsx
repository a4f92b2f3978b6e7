import { useState } from 'preact/hooks';
import { formatRupees } from '../../format/money';
import { Loading } from '../../ui/loading';
import type { LineWithSuggestions } from './bank-types';
import { ChoiceSelect, EXPENSE_TYPES, MONEY_TYPES, useChoices } from './choices';
import type { Write } from './use-write';

type Kind = 'PAYMENT' | 'EXPENSE' | 'TRANSFER' | 'JOURNAL';
const KINDS: [Kind, string][] = [
  ['PAYMENT', 'Payment (a receipt for money in)'],
  ['EXPENSE', 'Expense'],
  ['TRANSFER', 'Transfer to or from another bank or cash account'],
  ['JOURNAL', 'Journal against one account (interest, a fee)'],
];

/**
 * Makes the entry a line is and matches it (POST …/create): the entry takes the line's date,
 * amount and reference, so the form asks only what kind it is and its other side.
 */
export function CreateFromLineForm(props: { line: LineWithSuggestions; accountId: string; write: Write; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Create an entry from this line</summary>
      {open && <CreateFields {...props} />}
    </details>
  );
}

function CreateFields({ line, accountId, write, onDone }: { line: LineWithSuggestions; accountId: string; write: Write; onDone: () => void }) {
  const choices = useChoices();
  const [kind, setKind] = useState<Kind>('PAYMENT');
  const [contactId, setContactId] = useState('');
  const [otherAccountId, setOtherAccountId] = useState('');
  const [description, setDescription] = useState('');
  const id = (field: string) => `create-${line.bank_transaction_id}-${field}`;
  const submit = () => write.run((api) => api.post('/bank_transactions/{bank_transaction_id}/create', {
    params: { path: { bank_transaction_id: line.bank_transaction_id } },
    body: {
      type: kind,
      ...(contactId && { contact_id: contactId }),
      ...(otherAccountId && kind !== 'PAYMENT' && { account_id: otherAccountId }),
      ...(description && { description }),
    },
  }), onDone);
  return (
    <Loading loaded={choices}>
      {({ accounts, contacts }) => {
        const others = kind === 'EXPENSE' ? accounts.filter((a) => EXPENSE_TYPES.includes(a.type))
          : kind === 'TRANSFER' ? accounts.filter((a) => MONEY_TYPES.includes(a.type) && a.id !== accountId)
          : accounts.filter((a) => a.id !== accountId);
        return (
          <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <label for={id('kind')}>
              What the line is
              <select id={id('kind')} value={kind} onChange={(e) => { setKind(e.currentTarget.value as Kind); setOtherAccountId(''); }}>
                {KINDS.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
              </select>
            </label>
            {kind !== 'TRANSFER' && (
              <ChoiceSelect id={id('contact')} label={kind === 'PAYMENT' ? 'Contact' : kind === 'EXPENSE' ? 'Vendor' : 'Contact (optional)'}
                choices={contacts} value={contactId} onChange={setContactId} required={kind === 'PAYMENT'} />
            )}
            {kind !== 'PAYMENT' && (
              <ChoiceSelect id={id('account')} label={kind === 'EXPENSE' ? 'Expense account' : kind === 'TRANSFER' ? 'Other bank or cash account' : 'Other side'}
                choices={others} value={otherAccountId} onChange={setOtherAccountId} required />
            )}
            <label for={id('description')}>
              Description (the narration when empty)
              <input id={id('description')} maxLength={1000} value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
            </label>
            <button type="submit" disabled={write.busy}>Create and match {formatRupees(line.amount)}</button>
          </form>
        );
      }}
    </Loading>
  );
}
