import { Fragment } from 'preact';
import type { Kind, Row } from './kind';
import { DocumentAmount } from './document-amount';
import { numberField } from './row-fields';

/**
 * A document's amounts as the server worked them out, by the API's field names, in the order a
 * tax invoice shows them. A tax head is shown when it has an amount; the totals always.
 */
const AMOUNTS: { key: string; label: string; always?: boolean; grand?: boolean }[] = [
  { key: 'assessable_value', label: 'Assessable value', always: true },
  { key: 'basic_customs_duty', label: 'Basic customs duty', always: true },
  { key: 'social_welfare_surcharge', label: 'Social welfare surcharge' },
  { key: 'igst_taxable_value', label: 'Value for IGST', always: true },
  { key: 'sub_total', label: 'Taxable value', always: true },
  { key: 'cgst_total', label: 'CGST' },
  { key: 'sgst_total', label: 'SGST' },
  { key: 'igst_total', label: 'IGST' },
  { key: 'igst', label: 'IGST', always: true },
  { key: 'cess_total', label: 'Cess' },
  { key: 'tax_total', label: 'Total tax', always: true },
  { key: 'round_off', label: 'Round-off' },
  { key: 'bank_charges', label: 'Bank charges' },
  { key: 'tds_amount', label: 'TDS deducted' },
  { key: 'total', label: 'Total', always: true, grand: true },
  { key: 'amount', label: 'Amount', always: true, grand: true },
  { key: 'payment_made', label: 'Paid' },
  { key: 'credits_applied', label: 'Credits applied' },
  { key: 'vendor_credits_applied', label: 'Vendor credits applied' },
  { key: 'applied_amount', label: 'Applied' },
  { key: 'balance', label: 'Balance due', always: true },
  { key: 'balance_amount', label: 'Balance', always: true },
];

export function DocumentTotals({ kind, doc }: { kind: Kind; doc: Row }) {
  const currency = kind.currency?.(doc);
  // An expense carries both `amount` (as entered) and `total`; the total is the one to show.
  const shown = AMOUNTS.filter(({ key, always }) => {
    const value = numberField(doc, key);
    if (value === undefined || (key === 'amount' && numberField(doc, 'total') !== undefined)) return false;
    return always || value !== 0;
  });
  return (
    <section class="document-totals" aria-labelledby="document-totals">
      <h2 id="document-totals">Amounts</h2>
      <dl>
        {shown.map(({ key, label, grand }) => (
          <Fragment key={key}>
            <dt class={grand ? 'grand' : undefined}>{label}</dt>
            <dd class={grand ? 'grand' : undefined}><DocumentAmount value={numberField(doc, key)} currency={currency} /></dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
