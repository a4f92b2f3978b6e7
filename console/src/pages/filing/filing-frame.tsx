import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { todayInIndia } from '../../format/dates';
import { Loading } from '../../ui/loading';
import { PageHeading } from '../../ui/page-heading';
import { FilingChoiceForm } from './filing-choice-form';
import { FILING_PAGES, filingHref, type FilingChoice } from './filing-links';
import { useGstins } from './use-gstins';
import { periodLabel, periodOf, previousPeriod } from './return-period';
import './filing.css';

/** The same GSTIN and month on the other filing pages. */
function FilingTabs({ choice }: { choice: FilingChoice }) {
  const { path } = useLocation();
  return (
    <nav aria-label="Returns of this GSTIN and month" class="filing-tabs">
      <ul>
        {FILING_PAGES.map(([href, title]) => (
          <li key={href}><a href={filingHref(href, choice)} aria-current={href === path ? 'page' : undefined}>{title}</a></li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A filing page's frame: its heading, the GSTIN and month it shows (from its address; by
 * default the default branch's GSTIN and last month, the month usually being filed), and the
 * page's content for that choice once the GSTIN is known.
 */
export function FilingFrame({ title, children }: { title: string; children: (choice: FilingChoice) => ComponentChildren }) {
  const { query } = useLocation();
  const gstins = useGstins();
  const period = query.period ?? previousPeriod(periodOf(todayInIndia()));
  return (
    <div class="filing">
      <PageHeading title={title} />
      <Loading loaded={gstins}>
        {(known) => {
          const choice = { gstin: query.gstin ?? known[0] ?? '', period };
          return (
            <>
              <FilingChoiceForm key={`${choice.gstin}|${choice.period}`} choice={choice} gstins={known} />
              {choice.gstin === ''
                ? <p>Type the GSTIN whose returns to show.</p>
                : <>
                    <FilingTabs choice={choice} />
                    <p class="filing-subject">{choice.gstin}, {periodLabel(choice.period)}</p>
                    {children(choice)}
                  </>}
            </>
          );
        }}
      </Loading>
    </div>
  );
}
