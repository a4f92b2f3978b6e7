import { showDate } from '../format/dates';

/** A business date shown DD/MM/YYYY, machine-readable as ISO in `datetime`. */
export function DateText({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return <time dateTime={value.slice(0, 10)}>{showDate(value)}</time>;
}
