import { useLocation } from 'preact-iso';

export type LineStatus = '' | 'unmatched' | 'matched' | 'excluded';
const STATUSES: [LineStatus, string][] = [['', 'All'], ['unmatched', 'Unmatched'], ['matched', 'Matched'], ['excluded', 'Excluded']];

/** Which lines to show, kept in the address (?status=) so Back and a shared link keep it. */
export function StatusFilter({ status, onChange }: { status: LineStatus; onChange: () => void }) {
  const { path, query, route } = useLocation();
  return (
    <label>
      Status
      <select value={status} onChange={(e) => {
        const next = e.currentTarget.value;
        const { status: _old, ...rest } = query;
        onChange();
        route(`${path}?${new URLSearchParams(next ? { ...rest, status: next } : rest)}`);
      }}>
        {STATUSES.map(([value, label]) => <option key={value} value={value}>{label}</option>)}
      </select>
    </label>
  );
}
