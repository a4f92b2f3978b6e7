import { Amount } from '../../ui/amount';
import { DateText } from '../../ui/date-text';
import type { DashboardFigures } from './figures';

type Ageing = DashboardFigures['receivables'];

/**
 * What is owed by days past due, each bucket a bar as long as its share of the largest. A
 * <meter>-like bar drawn with a width: the figure beside it is the content, the bar its picture.
 */
export function AgeingPanel({ title, ageing }: { title: string; ageing: Ageing }) {
  const largest = Math.max(1, ...ageing.buckets.map((b) => Math.abs(b.amount)));
  return (
    <section class="ageing">
      <h2>{title}</h2>
      <p>As on <DateText value={ageing.as_of} />: outstanding <Amount value={ageing.outstanding} />, open credits <Amount value={ageing.open_credits} />, net <Amount value={ageing.net} />.</p>
      <ul class="ageing-bars">
        {ageing.buckets.map((b) => (
          <li key={b.label}>
            <span class="bucket">{b.label}</span>
            <span class="bar" aria-hidden="true"><span style={{ width: `${(Math.abs(b.amount) / largest) * 100}%` }} /></span>
            <Amount value={b.amount} />
          </li>
        ))}
      </ul>
    </section>
  );
}
