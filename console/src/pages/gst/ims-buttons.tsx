import type { operations } from '@bahi/sdk';
import { useState } from 'preact/hooks';
import { showDate } from '../../format/dates';
import type { Write } from '../bank/use-write';

export type ImsBody = operations['recordImsAction']['requestBody']['content']['application/json'];
export type ImsDocument = Pick<ImsBody, 'gstin' | 'supplier_gstin' | 'document_type' | 'document_number' | 'document_date'>;

const ACTIONS: [ImsBody['action'], string][] = [['ACCEPTED', 'Accept'], ['REJECTED', 'Reject'], ['PENDING', 'Keep pending']];

/**
 * Records the IMS action on one supplier document (PUT /gst/ims_actions): a button per action,
 * with the reason the portal asks for a rejection or a pending document. An accepted credit note
 * reduces its whole credit (the API's default); a partial reduction is not offered here.
 */
export function ImsButtons({ document, write, onDone }: { document: ImsDocument; write: Write; onDone: () => void }) {
  const [reason, setReason] = useState('');
  const id = `ims-reason-${document.supplier_gstin}-${document.document_number}`;
  const act = (action: ImsBody['action']) => write.run((api) => api.put('/gst/ims_actions', {
    body: { ...document, action, ...(reason && { reason }) },
  }), onDone);
  return (
    <fieldset>
      <legend>IMS action on {document.document_type} {document.document_number} of {showDate(document.document_date)}</legend>
      <label for={id}>Reason (for a rejection or a pending document)</label>
      <input id={id} maxLength={500} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
      <div class="ims-buttons">
        {ACTIONS.map(([action, label]) => (
          <button key={action} type="button" class={action === 'ACCEPTED' ? undefined : 'secondary'} disabled={write.busy} onClick={() => void act(action)}>{label}</button>
        ))}
      </div>
    </fieldset>
  );
}
