import { formatRupees } from '../format/money';

/** An amount in ₹ with lakh/crore grouping, right-aligned in tables by the `amount` class. */
export function Amount({ value }: { value: number | null | undefined }) {
  if (value === null || value === undefined) return <span class="amount">—</span>;
  return <span class={value < 0 ? 'amount negative' : 'amount'}>{formatRupees(value)}</span>;
}
