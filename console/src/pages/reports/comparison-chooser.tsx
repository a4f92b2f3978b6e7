import { useLocation } from 'preact-iso';
import { COMPARISON_LABELS, type Comparison } from './comparison';

/** Choose the period shown beside the page's own, kept in the address as ?compare=…. */
export function ComparisonChooser({ offered, chosen }: { offered: readonly Comparison[]; chosen: Comparison | undefined }) {
  const { path, query, route } = useLocation();
  const choose = (value: string) => {
    const next = new URLSearchParams(query);
    if (value) next.set('compare', value);
    else next.delete('compare');
    route(`${path}?${next}`);
  };
  return (
    <div>
      <label for="report-compare">Compare with</label>
      <select id="report-compare" name="compare" value={chosen ?? ''} onChange={(e) => choose(e.currentTarget.value)}>
        <option value="">No comparison</option>
        {offered.map((c) => <option key={c} value={c}>{COMPARISON_LABELS[c]}</option>)}
      </select>
    </div>
  );
}
