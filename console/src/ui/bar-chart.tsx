import { formatRupees } from '../format/money';

export interface Series { name: string; values: number[]; tone: 'a' | 'b' | 'c' | 'd' }

/**
 * Grouped bars, one group per label, drawn as SVG in the page's own styles (no chart library, no
 * canvas). The figures are in the title of each bar and in the table a caller shows beside it,
 * so the chart is a picture of numbers a screen reader can also read.
 */
export function BarChart({ title, labels, series, height = 180 }: { title: string; labels: string[]; series: Series[]; height?: number }) {
  const all = series.flatMap((s) => s.values);
  const top = Math.max(1, ...all.map(Math.abs));
  const groupWidth = 100 / Math.max(1, labels.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, series.length);
  return (
    <figure class="bar-chart">
      <svg viewBox={`0 0 100 ${height / 2}`} preserveAspectRatio="none" role="img" aria-label={title}>
        {labels.map((label, i) => series.map((s, j) => {
          const value = s.values[i] ?? 0;
          const h = (Math.abs(value) / top) * (height / 2 - 2);
          return (
            <rect class={`tone-${s.tone}`} x={i * groupWidth + groupWidth * 0.1 + j * barWidth} y={height / 2 - h} width={barWidth * 0.9} height={h}>
              <title>{`${label}, ${s.name}: ${formatRupees(value)}`}</title>
            </rect>
          );
        }))}
      </svg>
      <div class="axis" aria-hidden="true">{labels.map((l) => <span>{l}</span>)}</div>
      <figcaption>
        {title}
        <span class="legend">{series.map((s) => <span class={`key tone-${s.tone}`}>{s.name}</span>)}</span>
      </figcaption>
    </figure>
  );
}
