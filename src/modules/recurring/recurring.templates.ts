import type { Db, Tx } from '../../db/database';
import { fromJson } from '../../db/json';
import type { DocumentLineColumns, ExpenseLinesTable, JournalLinesTable, TransportColumns } from '../../db/schema';
import { invalidValue, notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import type { CreateBillBody } from '../bills';
import { lineInputsOf } from '../documents';
import type { CreateExpenseBody } from '../expenses';
import type { CreateInvoiceBody } from '../invoices';
import type { CreateJournalBody } from '../ledger';
import type { RecurringEntityType } from './recurring.schemas';
import type { NumberField, TemplatePayload } from './template-payload.rules';

/*
 * A schedule built from `template_entity_id` keeps a snapshot of that document as a create
 * body (taken when the schedule is created or its template changes): later edits, voids or
 * deletions of the template do not change what the schedule generates. The snapshot states
 * every create field but the number (template-payload.rules.ts RUN_OWN_FIELDS), as the
 * document stored it: `Snapshot` makes a field added to a create body a type error here until
 * it is carried. An invoice's or bill's date and due date are kept, because each run's due
 * date keeps their distance.
 */

/** A create body as a snapshot states it: every field but the number, each named (null or undefined: left out, the create's default). */
type Snapshot<Body> = { [K in Exclude<keyof Body, NumberField>]-?: unknown };

/** Drops null and undefined values: the create bodies treat an absent header field as "use the default". */
function compact(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined));
}

const MICRO = 1_000_000;

const deleted = (what: string) => invalidValue('template_entity_id', `the template ${what} is deleted or voided; a schedule cannot clone it`);

/**
 * The error for a template id with no row: 400 when this organisation deleted that document
 * (its own activity log says so; the spec's "deleted template"), 404 when the id never named
 * one of its documents. Only the caller's organisation is searched, so this tells nothing
 * about another organisation's ids.
 */
async function missing(db: Db | Tx, orgId: string, entityType: RecurringEntityType, id: string, what: string) {
  const deletion = await db.selectFrom('activity').select('event_id').where('org_id', '=', orgId).where('entity_type', '=', entityType)
    .where('entity_id', '=', id).where('action', '=', `${entityType}_DELETED`).executeTakeFirst();
  return deletion ? deleted(what) : notFound(what, 'template_entity_id');
}

type InvoiceLine = CreateInvoiceBody['line_items'][number];
type BillLine = CreateBillBody['line_items'][number];
type ExpenseLine = NonNullable<CreateExpenseBody['line_items']>[number];
type JournalLine = CreateJournalBody['lines'][number];

/*
 * A line states every value it was priced with, null included: an untaxed line's tax_id is
 * null, which is not the same as leaving it out (that takes the item's tax).
 */
const invoiceLine = (l: DocumentLineColumns): Snapshot<InvoiceLine> => ({ ...lineInputsOf([l])[0]!, account_id: l.account_id });
const billLine = (l: DocumentLineColumns & { itc_blocked_reason: string | null }): Snapshot<BillLine> => ({ ...invoiceLine(l), itc_blocked_reason: l.itc_blocked_reason });
/** An expense line leaves out what it takes from the header (its account, its tax); a tax_id of null is an untaxed line. */
const expenseLine = (l: ExpenseLinesTable): Snapshot<ExpenseLine> => ({
  account_id: l.inherits_account ? undefined : l.account_id, amount: toRupees(l.amount), tax_id: l.inherits_tax ? undefined : l.tax_id, note: l.note ?? undefined,
});

function journalLine(l: JournalLinesTable) {
  const line: Snapshot<JournalLine> = {
    account_id: l.account_id, debit: l.debit > 0 ? toRupees(l.debit) : null, credit: l.credit > 0 ? toRupees(l.credit) : null,
    description: l.description, branch_id: l.branch_id,
  };
  return compact(line);
}

/** The series an invoice was numbered from, by name; undefined for one numbered by hand (or by the legacy rule). */
async function seriesNameOf(db: Db | Tx, orgId: string, seriesId: string | null): Promise<string | undefined> {
  if (seriesId === null) return undefined;
  const row = await db.selectFrom('invoice_series').select('series_name').where('org_id', '=', orgId).where('series_id', '=', seriesId).executeTakeFirst();
  return row?.series_name;
}

const transportOf = (d: TransportColumns) => ({
  transport_mode: d.transport_mode, distance_km: d.distance_km, vehicle_no: d.vehicle_no, transporter_id: d.transporter_id,
  trans_doc_no: d.trans_doc_no, trans_doc_date: d.trans_doc_date, vehicle_type: d.vehicle_type, transporter_name: d.transporter_name,
});

export async function snapshotTemplate(db: Db | Tx, orgId: string, entityType: RecurringEntityType, id: string): Promise<TemplatePayload> {
  switch (entityType) {
    case 'INVOICE': {
      const i = await db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', id).executeTakeFirst();
      if (!i) throw await missing(db, orgId, entityType, id, 'invoice');
      if (i.status === 'CANCELLED') throw deleted('invoice');
      const lines = await db.selectFrom('invoice_lines').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', id).orderBy('position').execute();
      const snapshot: Snapshot<CreateInvoiceBody> = {
        customer_id: i.customer_id, date: i.invoice_date, due_date: i.due_date, place_of_supply: i.place_of_supply, branch_id: i.branch_id,
        series_name: await seriesNameOf(db, orgId, i.series_id), currency_code: i.currency_code, exchange_rate: i.exchange_rate_micro / MICRO,
        reference_number: i.reference_number, salesperson_id: i.salesperson_id, notes: i.notes, round_off: toRupees(i.round_off),
        auto_approve: i.status !== 'DRAFT', export_type: i.export_type, is_inclusive_tax: i.is_inclusive_tax === 1, is_reverse_charge: i.is_reverse_charge === 1, ...transportOf(i),
        dispatch_from: fromJson(i.dispatch_from),
        line_items: lines.map(invoiceLine),
      };
      return compact(snapshot);
    }
    case 'BILL': {
      const b = await db.selectFrom('bills').selectAll().where('org_id', '=', orgId).where('bill_id', '=', id).executeTakeFirst();
      if (!b) throw await missing(db, orgId, entityType, id, 'bill');
      if (b.status === 'CANCELLED') throw deleted('bill');
      const lines = await db.selectFrom('bill_lines').selectAll().where('org_id', '=', orgId).where('bill_id', '=', id).orderBy('position').execute();
      const snapshot: Snapshot<CreateBillBody> = {
        vendor_id: b.vendor_id, date: b.bill_date, due_date: b.due_date, place_of_supply: b.place_of_supply, branch_id: b.branch_id,
        currency_code: b.currency_code, exchange_rate: b.exchange_rate_micro / MICRO, reference_number: b.reference_number, notes: b.notes,
        round_off: toRupees(b.round_off), auto_approve: b.status !== 'DRAFT', is_rcm: b.is_rcm === 1, is_inclusive_tax: b.is_inclusive_tax === 1,
        document_type: b.document_type as CreateBillBody['document_type'], original_bill_id: b.original_bill_id,
        ...transportOf(b), line_items: lines.map(billLine),
      };
      return compact(snapshot);
    }
    case 'EXPENSE': {
      const e = await db.selectFrom('expenses').selectAll().where('org_id', '=', orgId).where('expense_id', '=', id).executeTakeFirst();
      if (!e) throw await missing(db, orgId, entityType, id, 'expense');
      if (e.status === 'DELETED') throw deleted('expense');
      const lines = e.itemized === 1
        ? await db.selectFrom('expense_lines').selectAll().where('org_id', '=', orgId).where('expense_id', '=', id).orderBy('position').execute()
        : [];
      // The date goes (a run takes its own; an expense has no due date to keep a distance to).
      const snapshot: Snapshot<CreateExpenseBody> = {
        date: undefined, paid_through_account_id: e.paid_through_account_id, account_id: e.account_id, mode: e.mode, reference_number: e.reference_number,
        vendor_id: e.vendor_id, tax_id: e.tax_id, is_inclusive_tax: e.is_inclusive_tax === 1, notes: e.notes, place_of_supply: e.place_of_supply,
        branch_id: e.branch_id, is_rcm: e.is_rcm === 1, rcm_rate: e.rcm_rate_centi === null ? null : e.rcm_rate_centi / 100,
        itc_blocked_reason: e.itc_blocked_reason,
        // An itemized expense states its lines, whose sum is its amount; a plain one its amount.
        line_items: e.itemized === 1 ? lines.map(expenseLine) : undefined, amount: e.itemized === 1 ? undefined : toRupees(e.amount),
      };
      return compact(snapshot);
    }
    case 'JOURNAL': {
      const j = await db.selectFrom('journals').selectAll().where('org_id', '=', orgId).where('journal_id', '=', id).executeTakeFirst();
      if (!j) throw await missing(db, orgId, entityType, id, 'journal');
      if (j.source !== 'MANUAL' || j.kind !== 'POSTING') throw invalidValue('template_entity_id', 'only a manual journal entry can be a template');
      if (j.reversed_by_journal_id !== null) throw deleted('journal entry');
      const lines = await db.selectFrom('journal_lines').selectAll().where('org_id', '=', orgId).where('journal_id', '=', id).orderBy('position').execute();
      const snapshot: Snapshot<CreateJournalBody> = {
        date: undefined, memo: j.memo, contact_id: j.contact_id, branch_id: j.branch_id,
        lines: lines.map(journalLine),
      };
      return compact(snapshot);
    }
  }
}
