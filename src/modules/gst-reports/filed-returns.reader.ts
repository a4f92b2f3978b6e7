import type { Db } from '../../db/database';
import type { FiledReturnsTable } from '../../db/schema';
import type { FiledReturn } from './filed-returns.schemas';
import { filingRow, type FilingKey } from './filed-returns.store';

type Filing = FiledReturnsTable;

/**
 * What changed since the filing was marked (docs/rules/returns-gstr1-gstr3b.md, "A filed return"):
 * the journal entries, posted or reversed after `marked_time`, of the documents the return
 * reports in its days and branches, and for GSTR-1 the invoices whose shipping bill was set since.
 * GSTR-1 reads outward documents only.
 */
async function changedSince(db: Db, f: Filing, branches: string[]): Promise<FiledReturn['changed_since']> {
  const gstr1 = f.return_type === 'GSTR1';
  const rows = await db.selectFrom('journals as j')
    .leftJoin('credit_notes as n', (join) => join.onRef('n.org_id', '=', 'j.org_id').onRef('n.credit_note_id', '=', 'j.source_id'))
    .leftJoin('debit_notes as dn', (join) => join.onRef('dn.org_id', '=', 'j.org_id').onRef('dn.debit_note_id', '=', 'j.source_id'))
    .select(['j.source', 'j.source_id', 'j.source_ref', 'j.entry_date', 'j.kind', 'j.created_time'])
    .where('j.org_id', '=', f.org_id).where('j.branch_id', 'in', branches)
    .where('j.entry_date', '>=', f.from_date).where('j.entry_date', '<=', f.to_date).where('j.created_time', '>', f.marked_time)
    .where((eb) => gstr1
      ? eb.or([
        eb('j.source', '=', 'INVOICE'), eb.and([eb('j.source', '=', 'CREDIT_NOTE'), eb('n.note_type', '=', 'CUSTOMER')]),
        eb.and([eb('j.source', '=', 'DEBIT_NOTE'), eb('dn.note_type', '=', 'CUSTOMER')]),
      ])
      : eb('j.source', 'in', ['INVOICE', 'CREDIT_NOTE', 'BILL', 'DEBIT_NOTE', 'EXPENSE', 'BILL_OF_ENTRY', 'ITC_REVERSAL']))
    .orderBy('j.created_time').orderBy('j.journal_id').execute();
  const entries = rows.map((r) => ({
    source: r.source, source_id: r.source_id, number: r.source_ref, date: r.entry_date,
    change: r.kind === 'REVERSAL' ? 'REVERSED' as const : 'POSTED' as const, changed_time: r.created_time,
  }));
  if (!gstr1) return entries;
  // A shipping bill posts nothing, yet GSTR-1's exp carries it: set after the filing, the invoice differs from the return as filed.
  const shipped = await db.selectFrom('invoices')
    .select(['invoice_id', 'invoice_number', 'invoice_date', 'shipping_bill_time'])
    .where('org_id', '=', f.org_id).where('branch_id', 'in', branches).where('status', 'not in', ['DRAFT', 'CANCELLED'])
    .where('invoice_date', '>=', f.from_date).where('invoice_date', '<=', f.to_date).where('shipping_bill_time', '>', f.marked_time).execute();
  const shippingBills = shipped.map((i) => ({
    source: 'INVOICE', source_id: i.invoice_id, number: i.invoice_number, date: i.invoice_date, change: 'SHIPPING_BILL' as const, changed_time: i.shipping_bill_time!,
  }));
  return [...entries, ...shippingBills].sort((a, b) => a.changed_time.localeCompare(b.changed_time));
}

/** The filing as the API shows it, with what changed since it was marked. */
export async function presentFiling(db: Db, f: Filing, branches: string[]): Promise<FiledReturn> {
  return {
    gstin: f.gstin, return: f.return_type as FiledReturn['return'], period: f.period, arn: f.arn, filed_on: f.filed_on,
    marked_time: f.marked_time, reopened_time: f.reopened_time, changed_since: await changedSince(db, f, branches),
  };
}

/** The filing in force of a return the GSTR-1 or GSTR-3B route builds, for its `filed` field; undefined when not filed. */
export async function filedField(db: Db, orgId: string, key: FilingKey, branches: string[]) {
  const row = await filingRow(db, orgId, key);
  return row && row.reopened_time === null ? presentFiling(db, row, branches) : undefined;
}
