import type { Db } from '../../db/database';
import type { Clock } from '../../kernel/clock';
import { istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { toBase } from '../documents/currency.rules';
import { ageingSummary, bucketIndex, bucketsOf, byContactThen, daysPastDue, DEFAULT_BUCKETS, parseBounds } from './ageing.rules';
import { openCredits, openDocuments } from './ageing.repository';
import type { AgeingQuery } from './ageing.schemas';
import { AGEING_SIDES, type AgeingSideName } from './ageing.sides';

export function ageingService(deps: { db: Db; clock: Clock }) {
  return {
    /** A side's ageing on a date, in the base currency: each document's open amount converted at its own rate, as its journal posted it. */
    async report(orgId: string, sideName: AgeingSideName, query: AgeingQuery) {
      const bounds = parseBounds(query.buckets ?? DEFAULT_BUCKETS);
      const buckets = bucketsOf(bounds);
      const date = query.date ?? istDateOf(deps.clock.now());
      const side = AGEING_SIDES[sideName];
      const [documentRows, creditRows] = await Promise.all([
        Promise.all(side.documents.map((d) => openDocuments(deps.db, orgId, side, d, date))),
        Promise.all(side.credits.map((credit) => openCredits(deps.db, orgId, side, credit, date))),
      ]);
      const documents = documentRows.flat().map((d) => ({
        ...d, days_past_due: daysPastDue(d.due_date, date), total: toBase(d.total, d.exchange_rate_micro), outstanding: toBase(d.outstanding, d.exchange_rate_micro),
      }));
      const credits = creditRows.flat().map((c) => ({
        ...c, total: toBase(c.total, c.exchange_rate_micro), open_amount: toBase(c.open_amount, c.exchange_rate_micro),
      }));
      const { contacts, total } = ageingSummary(bounds, documents, credits);
      const inRupees = <T extends { by_bucket: number[]; outstanding: number; open_credits: number; net: number }>(row: T) =>
        ({ ...row, by_bucket: row.by_bucket.map(toRupees), outstanding: toRupees(row.outstanding), open_credits: toRupees(row.open_credits), net: toRupees(row.net) });
      return {
        date, buckets, contacts: contacts.map(inRupees), total: inRupees(total),
        ...(query.detail === 'documents' && {
          documents: documents.sort(byContactThen((d) => `${d.due_date}|${d.number}`)).map((d) => ({
            document_type: d.type, document_id: d.id, document_number: d.number, contact_id: d.contact_id, contact_name: d.contact_name,
            date: d.date, due_date: d.due_date, days_past_due: d.days_past_due, bucket: buckets[bucketIndex(bounds, d.days_past_due)]!.label,
            total: toRupees(d.total), outstanding: toRupees(d.outstanding),
          })),
          credits: credits.sort(byContactThen((c) => `${c.date}|${c.id}`)).map((c) => ({
            credit_type: c.type, credit_id: c.id, number: c.number, contact_id: c.contact_id, contact_name: c.contact_name,
            date: c.date, total: toRupees(c.total), open_amount: toRupees(c.open_amount),
          })),
        }),
      };
    },
  };
}

export type AgeingService = ReturnType<typeof ageingService>;
