import type { components } from '@bahi/sdk';
import { sourceDocumentHref } from '../links';
import { Amount } from '../../ui/amount';
import { DataTable } from '../../ui/data-table';

type Reconciliation = components['schemas']['Gstr1Summary']['reconciliation'];
type Difference = Reconciliation['differences'][number];

/** The document a difference is about, linked to its page where the console has one. */
function Source({ row }: { row: Difference }) {
  const href = sourceDocumentHref(row.source, row.source_id);
  const name = row.number ?? row.source_id;
  return <>{row.source} {href ? <a href={href}>{name}</a> : name}</>;
}

/**
 * GSTR-1 against the books: the tax the return's sections carry and what the output GST ledgers
 * moved, as the API worked them out, and every document where the two differ.
 */
export function Gstr1Reconciliation({ reconciliation }: { reconciliation: Reconciliation }) {
  return (
    <section aria-labelledby="gstr1-books">
      <h2 id="gstr1-books">Return against the books</h2>
      <dl class="figures">
        <div><dt>Tax in the return</dt><dd><Amount value={reconciliation.return_tax} /></dd></div>
        <div><dt>Tax in the output GST ledgers</dt><dd><Amount value={reconciliation.books_tax} /></dd></div>
        <div><dt>Difference</dt><dd><Amount value={reconciliation.difference} /></dd></div>
      </dl>
      <DataTable
        caption="Documents whose tax differs between the return and the books"
        empty="None: every document's tax in the return is what the books hold."
        rows={reconciliation.differences} rowKey={(r) => `${r.source}|${r.source_id}`}
        columns={[
          { header: 'Document', cell: (r) => <Source row={r} /> },
          { header: 'Tax in the return', numeric: true, cell: (r) => <Amount value={r.return_tax} /> },
          { header: 'Tax in the books', numeric: true, cell: (r) => <Amount value={r.books_tax} /> },
          { header: 'Difference', numeric: true, cell: (r) => <Amount value={r.difference} /> },
        ]}
      />
    </section>
  );
}
