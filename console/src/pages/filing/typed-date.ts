import { isoFromTyped } from '../../format/dates';

/**
 * The ISO date typed in a form's <DateField> at the moment it is sent. DateField hands its value
 * on when the field loses focus, and Enter sends a form without that: read here, what was typed
 * is what is sent. Null when it is not a date.
 */
export function typedDate(form: HTMLFormElement, name: string): string | null {
  const typed = new FormData(form).get(name);
  return typeof typed === 'string' ? isoFromTyped(typed) : null;
}
