import { useState } from 'preact/hooks';
import { isoFromTyped, showDate } from '../format/dates';

/**
 * A date typed as DD/MM/YYYY and handed on as ISO. A text field, not the browser's date picker,
 * whose order follows the browser's language (MM/DD in many) rather than India's.
 */
export function DateField({ label, name, value, onChange, required = false }: {
  label: string;
  name: string;
  /** ISO date, or '' for none. */
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
}) {
  const [typed, setTyped] = useState(showDate(value));
  const [invalid, setInvalid] = useState(false);
  const hintId = `${name}-hint`;
  return (
    <label>
      {label}
      <input
        name={name} inputMode="numeric" autoComplete="off" placeholder="DD/MM/YYYY" required={required}
        value={typed} aria-invalid={invalid ? 'true' : undefined} aria-describedby={hintId}
        onInput={(e) => {
          // Handed on as soon as it is a whole date, so Enter in the form sends what was typed.
          const next = e.currentTarget.value;
          setTyped(next);
          const iso = isoFromTyped(next);
          if (iso) { setInvalid(false); onChange(iso); }
        }}
        onBlur={() => {
          if (typed.trim() === '' && !required) { setInvalid(false); onChange(''); return; }
          const iso = isoFromTyped(typed);
          setInvalid(iso === null);
          if (iso) { onChange(iso); setTyped(showDate(iso)); }
        }}
      />
      <small id={hintId}>{invalid ? 'Not a date: type it as DD/MM/YYYY' : 'DD/MM/YYYY'}</small>
    </label>
  );
}
