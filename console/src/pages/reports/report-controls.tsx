import type { ComponentChildren } from 'preact';
import { PeriodPicker, type Period } from '../../ui/period';
import type { Comparison } from './comparison';
import { ComparisonChooser } from './comparison-chooser';
import './reports.css';

/** What every report page offers above its table: its period, a comparison, and anything more (an account). */
export function ReportControls({ period, offered, chosen, children }: {
  period: Period;
  offered?: readonly Comparison[];
  chosen?: Comparison | undefined;
  children?: ComponentChildren;
}) {
  return (
    <section class="report-controls" aria-label="What to show">
      <PeriodPicker period={period} />
      {(offered || children) && (
        <div class="grid">
          {children}
          {offered && <ComparisonChooser offered={offered} chosen={chosen} />}
        </div>
      )}
    </section>
  );
}
