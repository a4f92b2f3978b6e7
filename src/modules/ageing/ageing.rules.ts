import { invalidValue } from '../../kernel/errors';
import { daysBetween, type LocalDate } from '../../kernel/local-date';

/** The buckets a report takes when none are asked for: current, 1-30, 31-60, 61-90, over 90 days past due. */
export const DEFAULT_BUCKETS = '0,30,60,90';
const MAX_BOUNDS = 12;

export interface Bucket { label: string; from_days: number | null; to_days: number | null }

/**
 * `buckets=0,30,60,90`: strictly ascending whole numbers of days past due, each the last day
 * of a bucket; one more bucket takes everything beyond the last. Anything else is a 400.
 */
export function parseBounds(text: string): number[] {
  const fault = () => invalidValue('buckets', `buckets are up to ${MAX_BOUNDS} strictly ascending whole numbers of days past due, comma-separated, e.g. ${DEFAULT_BUCKETS}`);
  if (!/^\d{1,5}(,\d{1,5})*$/.test(text)) throw fault();
  const bounds = text.split(',').map(Number);
  if (bounds.length > MAX_BOUNDS || bounds.some((b, i) => i > 0 && b <= bounds[i - 1]!)) throw fault();
  return bounds;
}

/** The buckets the bounds make: up to the first (the current bucket when it is 0), between each pair, over the last. */
export function bucketsOf(bounds: readonly number[]): Bucket[] {
  const first = bounds[0]!;
  const last = bounds[bounds.length - 1]!;
  return [
    { label: first === 0 ? 'current' : `up to ${first}`, from_days: null, to_days: first },
    ...bounds.slice(1).map((b, i) => ({ label: `${bounds[i]! + 1}-${b}`, from_days: bounds[i]! + 1, to_days: b })),
    { label: `over ${last}`, from_days: last + 1, to_days: null },
  ];
}

/** Days past due on the report's date: from the due date to it (0 or less while not yet due). */
export const daysPastDue = (dueDate: LocalDate, date: LocalDate) => daysBetween(dueDate, date);

/** The bucket a document falls in by its days past due. */
export function bucketIndex(bounds: readonly number[], days: number): number {
  const i = bounds.findIndex((b) => days <= b);
  return i === -1 ? bounds.length : i;
}

const names = new Intl.Collator('en');
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Contacts' rows in name order, then id (one collator, reused: the lists run to 100,000 documents). */
export const byContact = (a: { contact_name: string; contact_id: string }, b: { contact_name: string; contact_id: string }) =>
  names.compare(a.contact_name, b.contact_name) || byText(a.contact_id, b.contact_id);
/** Rows by contact, then by a key of their own. */
export const byContactThen = <T extends { contact_name: string; contact_id: string }>(key: (x: T) => string) => (a: T, b: T) =>
  byContact(a, b) || byText(key(a), key(b));

export interface OpenDocument { contact_id: string; contact_name: string; days_past_due: number; outstanding: number }
export interface OpenCredit { contact_id: string; contact_name: string; open_amount: number }

export interface AgeingRow { by_bucket: number[]; outstanding: number; open_credits: number; net: number }

/**
 * Each contact's open documents by bucket, their open credits beside them (never netted into a
 * bucket: which document a credit will settle is not known), and the same in total. Paise.
 */
export function ageingSummary(bounds: readonly number[], documents: readonly OpenDocument[], credits: readonly OpenCredit[]) {
  const empty = (): AgeingRow => ({ by_bucket: Array(bounds.length + 1).fill(0), outstanding: 0, open_credits: 0, net: 0 });
  const contacts = new Map<string, AgeingRow & { contact_id: string; contact_name: string }>();
  const total = empty();
  const rowOf = (c: { contact_id: string; contact_name: string }) => {
    let row = contacts.get(c.contact_id);
    if (!row) contacts.set(c.contact_id, (row = { contact_id: c.contact_id, contact_name: c.contact_name, ...empty() }));
    return row;
  };
  for (const d of documents) {
    const i = bucketIndex(bounds, d.days_past_due);
    for (const row of [rowOf(d), total]) {
      row.by_bucket[i]! += d.outstanding;
      row.outstanding += d.outstanding;
      row.net += d.outstanding;
    }
  }
  for (const c of credits) {
    for (const row of [rowOf(c), total]) {
      row.open_credits += c.open_amount;
      row.net -= c.open_amount;
    }
  }
  return { contacts: [...contacts.values()].sort(byContact), total };
}
