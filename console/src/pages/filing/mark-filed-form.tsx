import { useState } from 'preact/hooks';
import { DateField } from '../../ui/date-field';
import { typedDate } from './typed-date';

export type ReturnName = 'GSTR1' | 'GSTR3B';

/** What marking a return filed sends: the portal's ARN and the day it was filed (ISO). */
export interface MarkFiled { return: ReturnName; arn: string; filed_on: string }

/** The ARN the portal gave and the day of filing; the API checks both and says what is wrong. */
export function MarkFiledForm({ ret, title, onMark }: { ret: ReturnName; title: string; onMark: (body: MarkFiled) => Promise<void> }) {
  const [arn, setArn] = useState('');
  const [filedOn, setFiledOn] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (typedOn: string | null) => {
    setBusy(true);
    // What was typed, else what the field last held; an empty one the API refuses, naming filed_on.
    await onMark({ return: ret, arn: arn.trim(), filed_on: typedOn ?? filedOn });
    setBusy(false);
  };
  return (
    <form class="mark-filed" onSubmit={(e) => { e.preventDefault(); void submit(typedDate(e.currentTarget, `${ret}-filed-on`)); }}>
      <fieldset class="grid">
        <legend>Mark {title} filed</legend>
        <label>
          ARN
          <input name="arn" value={arn} required minLength={15} maxLength={15} autoComplete="off" aria-describedby={`${ret}-arn-hint`} onInput={(e) => setArn(e.currentTarget.value)} />
          <small id={`${ret}-arn-hint`}>The 15-character reference the portal gave on filing</small>
        </label>
        <DateField label="Filed on" name={`${ret}-filed-on`} value={filedOn} onChange={setFiledOn} required />
        <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>Mark filed</button>
      </fieldset>
    </form>
  );
}
