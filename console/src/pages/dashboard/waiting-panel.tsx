import { formatCount } from '../../format/money';
import { useSignedIn } from '../../session/context';
import { documentListHref } from '../links';
import type { DashboardFigures } from './figures';

/** Documents waiting on someone, each count a link to the list that shows them. */
export function WaitingPanel({ waiting }: { waiting: DashboardFigures['waiting'] }) {
  const { can } = useSignedIn();
  const rows = [
    { label: 'Draft invoices', count: waiting.draft_invoices, href: `${documentListHref('invoices')}?status=DRAFT`, scope: 'Svc.invoices.READ' },
    { label: 'Draft bills', count: waiting.draft_bills, href: `${documentListHref('bills')}?status=DRAFT`, scope: 'Svc.bills.READ' },
    { label: 'Draft credit notes', count: waiting.draft_credit_notes, href: `${documentListHref('credit_notes')}?status=DRAFT`, scope: 'Svc.creditnotes.READ' },
    { label: 'Draft debit notes', count: waiting.draft_debit_notes, href: `${documentListHref('debit_notes')}?status=DRAFT`, scope: 'Svc.debitnotes.READ' },
    { label: 'E-invoices pending', count: waiting.einvoices_pending, href: `${documentListHref('invoices')}?einvoice_status=PENDING`, scope: 'Svc.invoices.READ' },
    { label: 'Bank lines to match', count: waiting.unmatched_bank_lines, href: '/app/bank', scope: 'Svc.banking.READ' },
    { label: 'GSTR-2B rows to review', count: waiting.itc_to_review, href: '/app/gst/reconciliation', scope: 'Svc.gst.READ' },
  ];
  return (
    <section>
      <h2>Waiting on someone</h2>
      <ul class="waiting">
        {rows.map((r) => (
          <li key={r.label}>
            {can(r.scope) && r.count > 0 ? <a href={r.href}>{r.label}</a> : r.label}
            <span class="numeric">{formatCount(r.count)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
