import { formatRupees } from '../../format/money';
import { showDate } from '../../format/dates';
import type { EntrySource, LineWithSuggestions, Suggestion } from './bank-types';
import type { Write } from './use-write';

/** What a suggestion is, in words: its kind and reference (its id when it has none). */
export function entryName(s: Pick<Suggestion, 'kind' | 'reference' | 'source_id'>): string {
  return `${s.kind.toLowerCase()} ${s.reference ?? s.source_id}`;
}

/** Matches the line to one suggested entry; the button says which, so a screen reader hears what it does. */
export function SuggestionButton({ line, suggestion: s, disabled, write, onMatched }: {
  line: LineWithSuggestions; suggestion: Suggestion; disabled: boolean; write: Write; onMatched: () => void;
}) {
  const match = () => write.run((api) => api.post('/bank_transactions/{bank_transaction_id}/match', {
    params: { path: { bank_transaction_id: line.bank_transaction_id } },
    body: { entries: [{ source: s.source as EntrySource, source_id: s.source_id }] },
  }), onMatched);
  return (
    <button type="button" class="outline" disabled={disabled} onClick={() => void match()}>
      Match {formatRupees(line.amount)} to {entryName(s)}
      <br />
      <small>
        {[s.party_name, showDate(s.date), s.description].filter(Boolean).join(' · ')}
        {` · score ${s.score} (${s.reasons.join(', ')})`}
      </small>
    </button>
  );
}
