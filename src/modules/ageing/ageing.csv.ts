import { toCsv } from '../../kernel/csv';
import { rupeesText as money } from '../../kernel/money';
import type { AgeingService } from './ageing.service';

type Report = Awaited<ReturnType<AgeingService['report']>>;
const DETAIL_COLUMNS = ['type', 'id', 'number', 'contact_id', 'contact_name', 'date', 'due_date', 'days_past_due', 'bucket', 'amount'] as const;

/** A row per contact and a TOTAL row, a column per bucket; with the documents, a row per open document and credit (credits negative). */
export function ageingCsv(report: Report): string {
  if (report.documents && report.credits) {
    return toCsv(DETAIL_COLUMNS, [
      ...report.documents.map((d) => ({
        type: d.document_type, id: d.document_id, number: d.document_number, contact_id: d.contact_id, contact_name: d.contact_name,
        date: d.date, due_date: d.due_date, days_past_due: d.days_past_due, bucket: d.bucket, amount: money(d.outstanding),
      })),
      ...report.credits.map((c) => ({
        type: c.credit_type, id: c.credit_id, number: c.number ?? '', contact_id: c.contact_id, contact_name: c.contact_name, date: c.date, amount: money(-c.open_amount),
      })),
    ]);
  }
  const labels = report.buckets.map((b) => b.label);
  const row = (contactId: string, name: string, r: Report['total']) => ({
    contact_id: contactId, contact_name: name, ...Object.fromEntries(labels.map((l, i) => [l, money(r.by_bucket[i]!)])),
    outstanding: money(r.outstanding), open_credits: money(r.open_credits), net: money(r.net),
  });
  return toCsv(['contact_id', 'contact_name', ...labels, 'outstanding', 'open_credits', 'net'], [
    ...report.contacts.map((c) => row(c.contact_id, c.contact_name, c)),
    row('', 'TOTAL', report.total),
  ]);
}
