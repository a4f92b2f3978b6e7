import type { Tx } from '../../db/database';
import type { LocalDate } from '../../kernel/local-date';
import { ADVANCE_SOURCES, NOTE_SOURCES, periodFiled, returnsReporting } from './filed-returns.rules';
import { orgReading } from './org-reading';

/** What is posted or reversed: the document behind a journal entry, its date and registration. */
export interface PostedDocument { source: string; sourceId: string; date: LocalDate; branchId: string }

/**
 * Refuses (409 conflict.period_filed) an entry of a document that a return marked filed reports:
 * same GSTIN as the document's branch (its own, else the organisation's), the document's date
 * in the return's days (docs/rules/returns-gstr1-gstr3b.md, "A filed return"). The ledger calls
 * it for every posting and reversal, so every way a document is issued, voided or reposted
 * meets it. Runs after the period lock's read, so on PostgreSQL a filing being marked waits for
 * this transaction (it takes the lock row FOR UPDATE).
 */
export async function assertNotFiled(tx: Tx, orgId: string, doc: PostedDocument): Promise<void> {
  if (returnsReporting(doc.source, true).length === 0) return;
  // Most postings are dated after every filed period: the organisation's reading says so without a statement of its own.
  const { filed_until: filedUntil } = await orgReading(tx, orgId);
  if (filedUntil === null || doc.date > filedUntil) return;
  const filings = await tx.selectFrom('filed_returns as f')
    .innerJoin('orgs as o', 'o.org_id', 'f.org_id')
    .innerJoin('branches as b', (j) => j.onRef('b.org_id', '=', 'f.org_id').on('b.branch_id', '=', doc.branchId))
    .select(['f.return_type', 'f.period', 'f.arn'])
    .where('f.org_id', '=', orgId).where('f.reopened_time', 'is', null)
    .where('f.from_date', '<=', doc.date).where('f.to_date', '>=', doc.date)
    .where((eb) => eb('f.gstin', '=', eb.fn<string>('upper', [eb.fn.coalesce('b.gstin', 'o.gstin')])))
    .orderBy('f.return_type').execute();
  if (filings.length === 0) return;
  const reported = returnsReporting(doc.source, await isOutward(tx, orgId, doc));
  const filing = filings.find((f) => (reported as readonly string[]).includes(f.return_type));
  if (filing) throw periodFiled(filing, doc.date);
}

/** Whether a note's or a payment's entry is of an outward supply GSTR-1 reports. */
async function isOutward(tx: Tx, orgId: string, doc: PostedDocument): Promise<boolean> {
  if (NOTE_SOURCES.includes(doc.source)) return isCustomerNote(tx, orgId, doc.source, doc.sourceId);
  return ADVANCE_SOURCES.includes(doc.source) && isAdvanceForServices(tx, orgId, doc.sourceId);
}

/** A receipt of an advance for services, its refund (rfd_) or its application to an invoice (an ALLOCATION's id): Table 11 reports each. */
async function isAdvanceForServices(tx: Tx, orgId: string, id: string): Promise<boolean> {
  const paymentOf = tx.selectFrom('payment_allocations').select('payment_id').where('org_id', '=', orgId).where('allocation_id', '=', id)
    .union(tx.selectFrom('advance_refunds').select('payment_id').where('org_id', '=', orgId).where('refund_id', '=', id));
  const row = await tx.selectFrom('payments').select('payment_id').where('org_id', '=', orgId).where('advance_for', '=', 'SERVICES')
    .where((eb) => eb.or([eb('payment_id', '=', id), eb('payment_id', 'in', paymentOf)])).executeTakeFirst();
  return row !== undefined;
}

async function isCustomerNote(tx: Tx, orgId: string, source: string, noteId: string): Promise<boolean> {
  const note = source === 'DEBIT_NOTE'
    ? await tx.selectFrom('debit_notes').select('note_type').where('org_id', '=', orgId).where('debit_note_id', '=', noteId).executeTakeFirst()
    : await tx.selectFrom('credit_notes').select('note_type').where('org_id', '=', orgId).where('credit_note_id', '=', noteId).executeTakeFirst();
  return note?.note_type === 'CUSTOMER';
}
