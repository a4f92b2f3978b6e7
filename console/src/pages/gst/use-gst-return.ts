import { useLocation } from 'preact-iso';
import { todayInIndia } from '../../format/dates';
import { useApi } from '../../ui/use-api';
import { isPeriod, lastMonthPeriod } from './gst-period';

export interface GstReturn {
  /** The registration chosen: the address's ?gstin=, else the organisation's first. */
  gstin: string | undefined;
  period: string;
  /** Every GSTIN of the organisation's branches, for the picker. */
  gstins: string[];
}

/**
 * The registration and month a GST page shows, kept in its address (?gstin=…&period=MMYYYY) so
 * a link or Back keeps them; the GSTINs come from the organisation's branches.
 */
export function useGstReturn(): { loaded: ReturnType<typeof useApi<string[]>>; current: GstReturn } {
  const { query } = useLocation();
  const loaded = useApi(async (api) => {
    const { branches } = await api.get('/branches');
    return [...new Set(branches.map((b) => b.gstin).filter((g): g is string => Boolean(g)))];
  }, []);
  const gstins = loaded.data ?? [];
  return {
    loaded,
    current: { gstin: query.gstin ?? gstins[0], period: isPeriod(query.period) ? query.period : lastMonthPeriod(todayInIndia()), gstins },
  };
}
