import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { todayInIndia } from '../../format/dates';
import { filingHref, type FilingChoice } from './filing-links';
import { periodLabel, recentPeriods } from './return-period';

/** The months offered: the last two years, and the one shown if it is older. */
function periodsOffered(shown: string): string[] {
  const recent = recentPeriods(todayInIndia(), 24);
  return recent.includes(shown) ? recent : [shown, ...recent];
}

/** Choose the GSTIN and the month; the page follows its address, so Back and links keep the choice. */
export function FilingChoiceForm({ choice, gstins }: { choice: FilingChoice; gstins: readonly string[] }) {
  const { path, route } = useLocation();
  const [gstin, setGstin] = useState(choice.gstin);
  const [period, setPeriod] = useState(choice.period);
  return (
    <form class="filing-choice" onSubmit={(e) => { e.preventDefault(); route(filingHref(path, { gstin: gstin.trim(), period })); }}>
      <fieldset class="grid">
        <legend class="visually-hidden">Return</legend>
        <label>
          GSTIN
          {gstins.length > 0
            ? <select name="gstin" value={gstin} onChange={(e) => setGstin(e.currentTarget.value)}>{gstins.map((g) => <option value={g}>{g}</option>)}</select>
            : <input name="gstin" value={gstin} required maxLength={15} autoComplete="off" onInput={(e) => setGstin(e.currentTarget.value)} />}
        </label>
        <label>
          Return period
          <select name="period" value={period} onChange={(e) => setPeriod(e.currentTarget.value)}>
            {periodsOffered(choice.period).map((p) => <option value={p}>{periodLabel(p)}</option>)}
          </select>
        </label>
        <button type="submit">Show</button>
      </fieldset>
    </form>
  );
}
