import { useApi } from '../../ui/use-api';

export interface Choice { id: string; label: string; type: string }

/** Account types an expense is booked to. */
export const EXPENSE_TYPES = ['EXPENSE', 'OTHER_EXPENSE', 'COST_OF_GOODS_SOLD'];
/** Account types money is held in: a transfer's other side, a rule's account. */
export const MONEY_TYPES = ['BANK', 'CASH'];

/**
 * The accounts and contacts a form offers, read once when the form opens (the first 200 of each,
 * by the API's order: enough for a small business's chart and its regular parties).
 */
export function useChoices() {
  return useApi(async (api) => {
    const [accounts, contacts] = await Promise.all([
      api.get('/accounts', { params: { query: { per_page: 200 } } }),
      api.get('/contacts', { params: { query: { per_page: 200 } } }),
    ]);
    return {
      accounts: accounts.accounts.map((a): Choice => ({ id: a.account_id, label: a.account_code ? `${a.account_name} (${a.account_code})` : a.account_name, type: a.account_type })),
      contacts: contacts.contacts.map((c): Choice => ({ id: c.contact_id, label: c.contact_name, type: c.contact_type })),
    };
  }, []);
}

/** A labelled select of choices; the first option is "none" unless one is required. */
export function ChoiceSelect({ id, label, choices, value, onChange, required = false }: {
  id: string; label: string; choices: Choice[]; value: string; onChange: (id: string) => void; required?: boolean;
}) {
  return (
    <label for={id}>
      {label}
      <select id={id} required={required} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{required ? 'Choose…' : 'None'}</option>
        {choices.map((c) => <option key={c.id} value={c.id}>{c.label}</option>)}
      </select>
    </label>
  );
}
