import { periodDates } from './return-period';

/** The filing pages' addresses: each carries the GSTIN and return period it shows (?gstin=…&period=MMYYYY). */
export interface FilingChoice { gstin: string; period: string }

export const FILING_PAGES = [
  ['/app/filing/gstr1', 'GSTR-1'],
  ['/app/filing/gstr3b', 'GSTR-3B'],
  ['/app/filing/hsn-summary', 'HSN summary'],
  ['/app/filing/documents-issued', 'Documents issued'],
] as const;

export const LOCK_PAGE = '/app/filing/lock';

export const filingHref = (path: string, choice: FilingChoice) => `${path}?${new URLSearchParams({ gstin: choice.gstin, period: choice.period })}`;

/** The query of a report asked by date range (HSN summary, documents issued): the GSTIN and the month's first and last day. */
export function reportQuery(choice: FilingChoice) {
  const { from, to } = periodDates(choice.period);
  return { gstin: choice.gstin, from_date: from, to_date: to };
}
