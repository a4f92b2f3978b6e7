import { useState } from 'preact/hooks';
import { todayInIndia } from '../../format/dates';
import { useSignedIn } from '../../session/context';
import { DateField } from '../../ui/date-field';
import { DateText } from '../../ui/date-text';
import { ErrorNote } from '../../ui/error-note';
import { PageHeading } from '../../ui/page-heading';
import { useApi } from '../../ui/use-api';
import { setPeriodLock } from './admin-lock';
import { typedDate } from './typed-date';
import { periodDates, periodOf, previousPeriod } from './return-period';
import './filing.css';

/**
 * Locking the books through a day, the operator's act: the person pastes the admin token, which
 * lives only in this component's state (never in storage, gone when the page is left).
 */
export function LockPage() {
  const { session } = useSignedIn();
  const [adminToken, setAdminToken] = useState('');
  const [lockDate, setLockDate] = useState(periodDates(previousPeriod(periodOf(todayInIndia()))).to);
  const [answer, setAnswer] = useState<{ lock_date: string | null }>();
  const [error, setError] = useState<Error>();
  const [busy, setBusy] = useState(false);
  // The lock as it stands, for anyone signed in: the public API shows it with the organisation.
  const current = useApi(async (api) => (await api.get('/whoami')).organisations.find((o) => o.is_current)?.lock_date ?? null, []);
  const send = async (date: string | null) => {
    setBusy(true);
    setError(undefined);
    try {
      setAnswer(await setPeriodLock(adminToken.trim(), session.orgId, date));
      current.reload();
    } catch (e) {
      setAnswer(undefined);
      setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      setBusy(false);
    }
  };
  // The date as typed when the form is sent: never a value the field held before, for a lock.
  const lockThrough = (date: string | null) => {
    if (date) void send(date);
    else setError(new Error('Type the last day to lock as DD/MM/YYYY'));
  };
  return (
    <>
      <PageHeading title="Lock a period" />
      <p>
        Nothing dated on or before the lock date can then be created, edited, voided or applied in {session.orgName}'s books;
        corrections go in after it. Locking and unlocking are the operator's, through the admin API with its admin token.
      </p>
      {current.data !== undefined && (
        <p class="current-lock">
          {current.data ? <>Now locked through <DateText value={current.data} />.</> : 'Now unlocked.'}
        </p>
      )}
      <form class="lock-form narrow" onSubmit={(e) => { e.preventDefault(); lockThrough(typedDate(e.currentTarget, 'lock-date')); }}>
        <label>
          Admin token
          <input type="password" name="admin-token" value={adminToken} required autoComplete="off" spellcheck={false} onInput={(e) => setAdminToken(e.currentTarget.value)} />
          <small>Used for this request only; not stored.</small>
        </label>
        <DateField label="Lock the books through" name="lock-date" value={lockDate} onChange={setLockDate} required />
        <div class="grid">
          <button type="submit" aria-busy={busy ? 'true' : undefined} disabled={busy}>Lock</button>
          <button type="button" class="secondary" disabled={busy || adminToken.trim() === ''} onClick={() => void send(null)}>Unlock</button>
        </div>
      </form>
      <ErrorNote error={error} />
      {answer && (
        <p role="status">
          {answer.lock_date ? <>The books are locked through <DateText value={answer.lock_date} />.</> : 'The books are unlocked.'}
        </p>
      )}
    </>
  );
}
