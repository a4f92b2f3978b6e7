import { DataTable } from '../../ui/data-table';
import { DateText } from '../../ui/date-text';
import { Loading } from '../../ui/loading';
import { useApi } from '../../ui/use-api';
import { fetchActivity, type ActivityEvent } from './documents-api';
import type { Kind } from './kind';
import { readable } from './words';

/** What was done to the document, newest first: the first page of its activity. */
export function DocumentActivity({ kind, id }: { kind: Kind; id: string }) {
  const activity = useApi((api) => fetchActivity(api, kind, id), [kind, id]);
  return (
    <section aria-labelledby="document-activity">
      <h2 id="document-activity">Activity</h2>
      <Loading loaded={activity}>
        {(events) => (
          <DataTable<ActivityEvent>
            caption="What was done, newest first" rows={events} rowKey={(e) => e.event_id} empty="Nothing recorded."
            columns={[
              { header: 'Date', cell: (e) => <DateText value={e.occurred_at} /> },
              { header: 'What', cell: (e) => readable(e.action) },
            ]}
          />
        )}
      </Loading>
    </section>
  );
}
