import { formatAmount } from '../../format/money';
import { Amount } from '../../ui/amount';

/**
 * An amount of a document: in ₹ through <Amount> when the document is in rupees; in its own
 * currency (code before the figures) when not, since the API gives a foreign document's amounts
 * in that currency and a ₹ before them would misstate them.
 */
export function DocumentAmount({ value, currency }: { value: number | null | undefined; currency?: string | undefined }) {
  if (!currency || currency === 'INR' || value === null || value === undefined) return <Amount value={value} />;
  return <span class={value < 0 ? 'amount negative' : 'amount'}>{currency} {formatAmount(value)}</span>;
}
