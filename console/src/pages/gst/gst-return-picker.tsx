import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { MONTHS } from './gst-period';
import type { GstReturn } from './use-gst-return';

/** Chooses the registration and the month; the page follows its address, other filters dropped. */
export function GstReturnPicker({ current }: { current: GstReturn }) {
  const { path, route } = useLocation();
  const [gstin, setGstin] = useState(current.gstin ?? '');
  const [month, setMonth] = useState(current.period.slice(0, 2));
  const [year, setYear] = useState(current.period.slice(2));
  return (
    <form class="gst-return" onSubmit={(e) => { e.preventDefault(); route(`${path}?${new URLSearchParams({ gstin, period: `${month}${year}` })}`); }}>
      <fieldset class="grid">
        <legend class="visually-hidden">Return</legend>
        <label>
          GSTIN
          <select value={gstin} onChange={(e) => setGstin(e.currentTarget.value)} required>
            {current.gstins.map((g) => <option key={g} value={g}>{g}</option>)}
          </select>
        </label>
        <label>
          Month
          <select value={month} onChange={(e) => setMonth(e.currentTarget.value)}>
            {MONTHS.map(([mm, name]) => <option key={mm} value={mm}>{name}</option>)}
          </select>
        </label>
        <label>
          Year
          <input type="number" min={2017} max={2099} required value={year} onInput={(e) => setYear(e.currentTarget.value)} />
        </label>
        <button type="submit">Show</button>
      </fieldset>
    </form>
  );
}
