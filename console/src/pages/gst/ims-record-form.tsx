import { useState } from 'preact/hooks';
import { DateField } from '../../ui/date-field';
import { useWrite } from '../bank/use-write';
import { WriteStatus } from '../bank/write-status';
import { ImsButtons, type ImsDocument } from './ims-buttons';

/** Records an action on a document typed in (one the portal shows that no 2B of Bahi holds yet). */
export function ImsRecordForm({ gstin, onDone }: { gstin: string; onDone: () => void }) {
  const write = useWrite();
  const [supplier, setSupplier] = useState('');
  const [type, setType] = useState<ImsDocument['document_type']>('INV');
  const [number, setNumber] = useState('');
  const [date, setDate] = useState('');
  return (
    <details>
      <summary>Record an action on a document</summary>
      <fieldset class="grid">
        <legend>The supplier's document</legend>
        <label>Supplier GSTIN<input required maxLength={15} value={supplier} onInput={(e) => setSupplier(e.currentTarget.value.toUpperCase())} /></label>
        <label>
          Type
          <select value={type} onChange={(e) => setType(e.currentTarget.value as ImsDocument['document_type'])}>
            <option value="INV">Invoice</option><option value="CN">Credit note</option><option value="DN">Debit note</option>
          </select>
        </label>
        <label>Number<input required maxLength={64} value={number} onInput={(e) => setNumber(e.currentTarget.value)} /></label>
        <DateField label="Date" name="ims_document_date" value={date} onChange={setDate} required />
      </fieldset>
      <ImsButtons document={{ gstin, supplier_gstin: supplier, document_type: type, document_number: number, document_date: date }} write={write} onDone={onDone} />
      <WriteStatus write={write} />
    </details>
  );
}
