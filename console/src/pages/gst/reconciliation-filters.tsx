import { useLocation } from 'preact-iso';
import { DOCUMENT_TYPES, MATCH_STATUSES } from './gst-types';

/** The rows to show, by status, supplier and type, kept in the address beside the return. */
export function ReconciliationFilters({ suppliers }: { suppliers: { gstin: string; name: string }[] }) {
  const { path, query, route } = useLocation();
  const set = (key: string, value: string) => {
    const { [key]: _old, ...rest } = query;
    route(`${path}?${new URLSearchParams(value ? { ...rest, [key]: value } : rest)}`);
  };
  return (
    <form class="gst-filters" onSubmit={(e) => e.preventDefault()}>
      <fieldset class="grid">
        <legend>Show rows</legend>
        <label>
          Status
          <select value={query.status ?? ''} onChange={(e) => set('status', e.currentTarget.value)}>
            <option value="">Every status</option>
            {MATCH_STATUSES.map(([s, label]) => <option key={s} value={s}>{label}</option>)}
          </select>
        </label>
        <label>
          Supplier
          <select value={query.supplier_gstin ?? ''} onChange={(e) => set('supplier_gstin', e.currentTarget.value)}>
            <option value="">Every supplier</option>
            {suppliers.map((s) => <option key={s.gstin} value={s.gstin}>{s.name} ({s.gstin})</option>)}
          </select>
        </label>
        <label>
          Document type
          <select value={query.document_type ?? ''} onChange={(e) => set('document_type', e.currentTarget.value)}>
            <option value="">Every type</option>
            {DOCUMENT_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
          </select>
        </label>
      </fieldset>
    </form>
  );
}
