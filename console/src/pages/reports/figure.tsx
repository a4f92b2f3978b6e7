import { Amount } from '../../ui/amount';

/**
 * A report's amount: shown in ₹ by <Amount>, its number as the API gave it kept in a <data>
 * element (machine-readable, as <time> is for dates), and a link to where it comes from when
 * there is one (an account's ledger, a journal).
 */
export function Figure({ value, href }: { value: number | null | undefined; href?: string | null }) {
  const shown = <data value={value === null || value === undefined ? '' : String(value)}><Amount value={value} /></data>;
  return href && value !== null && value !== undefined ? <a href={href}>{shown}</a> : shown;
}

/** A balance that is never negative with its side, as ledgers print it: ₹1,180.00 Dr. */
export function Balance({ value, side, href }: { value: number; side: 'DEBIT' | 'CREDIT'; href?: string | null }) {
  return (
    <span class="balance">
      <Figure value={value} href={href} />{' '}
      <abbr title={side === 'DEBIT' ? 'debit' : 'credit'}>{side === 'DEBIT' ? 'Dr' : 'Cr'}</abbr>
    </span>
  );
}
