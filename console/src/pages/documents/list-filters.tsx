import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { DateField } from '../../ui/date-field';
import type { Choice, Kind } from './kind';
import { EINVOICE_STATUSES } from './kinds';
import { filtersFromForm, listAddress } from './list-query';
import { PartySelect } from './party-select';
import { readable } from './words';

function ChoiceSelect({ choice, value }: { choice: Choice; value: string }) {
  return (
    <label>
      {choice.label}
      <select name={choice.param}>
        <option value="">Any</option>
        {choice.options.map((o) => <option key={o} value={o} selected={o === value}>{readable(o)}</option>)}
      </select>
    </label>
  );
}

const EINVOICE: Choice = { param: 'einvoice_status', label: 'E-invoice', options: EINVOICE_STATUSES };
const DATE_PARAMS = ['date_from', 'date_to'];
const ignore = () => undefined;

/** "/" anywhere outside a field jumps to the search box, as in many lists on the web. */
function useSlashToSearch() {
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || (e.target as HTMLElement | null)?.closest('input, select, textarea')) return;
      e.preventDefault();
      search.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return search;
}

/**
 * A list's filters. They live in the address, so Back returns to them: Show puts them there and
 * the list follows. The form is drawn afresh from the address (its key), its fields read on Show.
 */
export function ListFilters({ kind, path, filters }: { kind: Kind; path: string; filters: Record<string, string> }) {
  const { route } = useLocation();
  const search = useSlashToSearch();
  const [invalid, setInvalid] = useState(false);
  const given = (param: string) => filters[param] ?? '';

  const submit = (form: HTMLFormElement) => {
    const fields = [...new FormData(form)].map(([name, value]): [string, string] => [name, String(value)]);
    const read = filtersFromForm(fields, DATE_PARAMS);
    setInvalid(read.invalid.length > 0);
    if (read.invalid.length === 0) route(listAddress(path, read.filters));
  };

  return (
    <form key={JSON.stringify(filters)} class="document-filters" role="search" aria-label={`${kind.title}: filters`}
      onSubmit={(e) => { e.preventDefault(); submit(e.currentTarget); }}>
      <label>
        {kind.partyLabel ? `Number or ${kind.partyLabel.toLowerCase()}` : 'Number or reference'}
        <input ref={search} type="search" name="search" defaultValue={given('search')} aria-keyshortcuts="/" />
      </label>
      {kind.choices?.map((c) => <ChoiceSelect key={c.param} choice={c} value={given(c.param)} />)}
      {kind.einvoice && <ChoiceSelect choice={EINVOICE} value={given(EINVOICE.param)} />}
      {kind.partyFilter && <PartySelect label={kind.partyLabel ?? 'Party'} name={kind.partyFilter} value={given(kind.partyFilter)} />}
      {kind.dated && <>
        <DateField label="From" name="date_from" value={given('date_from')} onChange={ignore} />
        <DateField label="To" name="date_to" value={given('date_to')} onChange={ignore} />
      </>}
      <div class="filter-actions">
        <button type="submit">Show</button>
        <a href={path} role="button" class="secondary outline">Clear</a>
      </div>
      {invalid && <p role="alert" class="error-note">Type dates as DD/MM/YYYY.</p>}
    </form>
  );
}
