import { useEffect, useRef } from 'preact/hooks';
import { useSignedIn } from '../../session/context';
import { WriteStatus } from '../bank/write-status';
import { useWrite } from '../bank/use-write';
import type { ReconciliationRow } from './gst-types';
import { rowNumber, statusLabel } from './gst-types';
import { ImsButtons } from './ims-buttons';
import { LinkForm } from './link-form';
import { UnlinkForm } from './unlink-form';

/** IMS acts on documents suppliers report: invoices and notes, not Bills of Entry or ISD documents. */
const IMS_TYPES = new Set(['INV', 'CN', 'DN']);

/**
 * One row opened for a decision: pair it with a document of the other side (or confirm the pair
 * suggested), refuse a pair, or record the IMS action on its supplier's document. Focus moves to
 * its heading when it opens, so a keyboard lands where the choices are.
 */
export function RowReview({ row, gstin, period, onChanged, onClose }: { row: ReconciliationRow; gstin: string; period: string; onChanged: () => void; onClose: () => void }) {
  const { can } = useSignedIn();
  const write = useWrite();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const mayWrite = can('Svc.gst.UPDATE');
  return (
    <section class="row-review" aria-labelledby="row-review-heading">
      <h2 id="row-review-heading" tabIndex={-1} ref={heading}>
        {rowNumber(row)} of {row.supplier_name ?? row.supplier_gstin ?? 'an import'}: {statusLabel(row.status)}
      </h2>
      <WriteStatus write={write} />
      {!mayWrite && <p>This token may read the reconciliation but not change it (it needs Svc.gst.UPDATE).</p>}
      {mayWrite && (
        <>
          <LinkForm row={row} gstin={gstin} period={period} write={write} onDone={onChanged} />
          {row.gstr2b && row.books && <UnlinkForm row={row} write={write} onDone={onChanged} />}
          {row.gstr2b && row.supplier_gstin && IMS_TYPES.has(row.document_type) && (
            <ImsButtons
              write={write}
              onDone={onChanged}
              document={{ gstin, supplier_gstin: row.supplier_gstin, document_type: row.document_type as 'INV' | 'CN' | 'DN', document_number: row.gstr2b.document_number, document_date: row.gstr2b.document_date }}
            />
          )}
        </>
      )}
      <button type="button" class="secondary outline" onClick={onClose}>Close the review</button>
    </section>
  );
}
