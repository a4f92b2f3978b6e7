import { useSignedIn } from '../../session/context';
import { useApi } from '../../ui/use-api';

/**
 * The party to filter a list by, chosen from the organisation's contacts (the first 200, by name);
 * without the contacts scope it is not offered, and `search` still finds a party by name.
 */
export function PartySelect({ label, name, value }: { label: string; name: string; value: string }) {
  const { can } = useSignedIn();
  const allowed = can('Svc.contacts.READ');
  const contacts = useApi(
    async (api) => (allowed ? (await api.get('/contacts', { params: { query: { per_page: 200 } } })).contacts : []),
    [allowed],
  );
  if (!allowed) return null;
  const sorted = [...(contacts.data ?? [])].sort((a, b) => a.contact_name.localeCompare(b.contact_name));
  return (
    <label>
      {label}
      <select name={name} aria-busy={contacts.loading ? 'true' : undefined}>
        <option value="">Any</option>
        {sorted.map((c) => <option key={c.contact_id} value={c.contact_id} selected={c.contact_id === value}>{c.contact_name}</option>)}
      </select>
    </label>
  );
}
