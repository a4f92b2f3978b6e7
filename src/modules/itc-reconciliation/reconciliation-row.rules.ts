import type { Pair } from './matcher.rules';

/** MMYYYY of a date: the return period it falls in. */
export const periodOfDate = (date: string) => `${date.slice(5, 7)}${date.slice(0, 4)}`;

/** The books date the document in another month than the 2B that reports it. */
export const isCrossPeriod = (pair: Pair) => pair.gstr2b !== null && pair.books !== null && periodOfDate(pair.books.documentDate) !== pair.gstr2b.period;

/** A row's id: the 2B document's, or the books document's when no 2B reports it. */
export const reconciliationIdOf = (pair: Pair) => pair.gstr2b?.id ?? pair.books!.id;
