import { formatRupees } from '../../format/money';
import { useSignedIn } from '../../session/context';
import { Amount } from '../../ui/amount';
import { DateText } from '../../ui/date-text';
import type { LineWithSuggestions } from './bank-types';
import { CreateFromLineForm } from './create-from-line-form';
import { ExcludeForm } from './exclude-form';
import { SuggestionButton } from './suggestion-button';
import type { Write } from './use-write';

/** One unmatched line: what the bank says on the left, the entries it may be on the right, then what else can be done with it. */
export function LineCard({ line, accountId, write, onChanged }: { line: LineWithSuggestions; accountId: string; write: Write; onChanged: () => void }) {
  const { can } = useSignedIn();
  const headingId = `line-${line.bank_transaction_id}`;
  const moneyIn = line.direction === 'IN';
  return (
    <article aria-labelledby={headingId}>
      <div class="bank-line">
        <div>
          <h2 id={headingId}>{moneyIn ? 'Money in' : 'Money out'} <Amount value={line.amount} /> on <DateText value={line.date} /></h2>
          <p class="narration">{line.narration}</p>
          {line.reference && <p><small>Reference {line.reference}</small></p>}
        </div>
        <div>
          <h3>Suggestions</h3>
          {line.suggestions.length === 0
            ? <p>No book entry of exactly {formatRupees(line.amount)} within the matching window.</p>
            : (
              <ul class="suggestions">
                {line.suggestions.map((s) => (
                  <li key={`${s.source}-${s.source_id}`}>
                    <SuggestionButton line={line} suggestion={s} disabled={write.busy || !can('Svc.banking.UPDATE')} write={write} onMatched={onChanged} />
                  </li>
                ))}
              </ul>
            )}
        </div>
      </div>
      <footer class="line-actions">
        {can('Svc.banking.UPDATE') && <ExcludeForm lineId={line.bank_transaction_id} write={write} onDone={onChanged} />}
        {can('Svc.banking.CREATE') && <CreateFromLineForm line={line} accountId={accountId} write={write} onDone={onChanged} />}
      </footer>
    </article>
  );
}
