import type { Db, Tx } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import type { RecurringEntityType } from './recurring.schemas';
import type { TemplatePayload } from './template-payload.rules';

/*
 * A schedule built from `template_entity_id` keeps a snapshot of that document as a create
 * body (taken when the schedule is created or its template changes): later edits, voids or
 * deletions of the template do not change what the schedule generates. The number and the
 * computed totals are left out; an invoice's or bill's date and due date are kept, because
 * each run's due date keeps their distance (template-payload.rules.ts).
 */

/** Drops null and undefined values: the create bodies treat an absent field as "use the default". */
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

interface DocLine {
  item_id: string | null; name: string; description: string | null; hsn_or_sac: string | null; quantity_milli: number;
  unit: string | null; rate: number; discount: number; tax_id: string | null;
}

const lineInput = (l: DocLine) => compact({
  item_id: l.item_id, name: l.name, description: l.description, hsn_or_sac: l.hsn_or_sac, quantity: l.quantity_milli / 1000,
  unit: l.unit, rate: toRupees(l.rate), discount: l.discount === 0 ? null : toRupees(l.discount), tax_id: l.tax_id,
});

export async function snapshotTemplate(db: Db | Tx, orgId: string, entityType: RecurringEntityType, id: string): Promise<TemplatePayload> {
  switch (entityType) {
    case 'INVOICE': {
      const i = await db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', id).executeTakeFirst();
      if (!i) throw await missing(db, orgId, entityType, id, 'invoice');
      if (i.status === 'CANCELLED') throw deleted('invoice');
      const lines = await db.selectFrom('invoice_lines').selectAll().where('org_id', '=', orgId).where('invoice_id', '=', id).orderBy('position').execute();
      return compact({
        customer_id: i.customer_id, date: i.invoice_date, due_date: i.due_date, place_of_supply: i.place_of_supply, branch_id: i.branch_id, currency_code: i.currency_code,
        exchange_rate: i.exchange_rate_micro === MICRO ? null : i.exchange_rate_micro / MICRO, reference_number: i.reference_number,
        salesperson_id: i.salesperson_id, notes: i.notes, auto_approve: i.status !== 'DRAFT', line_items: lines.map(lineInput),
      });
    }
    case 'BILL': {
      const b = await db.selectFrom('bills').selectAll().where('org_id', '=', orgId).where('bill_id', '=', id).executeTakeFirst();
      if (!b) throw await missing(db, orgId, entityType, id, 'bill');
      if (b.status === 'CANCELLED') throw deleted('bill');
      const lines = await db.selectFrom('bill_lines').selectAll().where('org_id', '=', orgId).where('bill_id', '=', id).orderBy('position').execute();
      return compact({
        vendor_id: b.vendor_id, date: b.bill_date, due_date: b.due_date, place_of_supply: b.place_of_supply, branch_id: b.branch_id, currency_code: b.currency_code,
        exchange_rate: b.exchange_rate_micro === MICRO ? null : b.exchange_rate_micro / MICRO, reference_number: b.reference_number,
        notes: b.notes, round_off: b.round_off === 0 ? null : toRupees(b.round_off), auto_approve: b.status !== 'DRAFT', line_items: lines.map(lineInput),
      });
    }
    case 'EXPENSE': {
      const e = await db.selectFrom('expenses').selectAll().where('org_id', '=', orgId).where('expense_id', '=', id).executeTakeFirst();
      if (!e) throw await missing(db, orgId, entityType, id, 'expense');
      if (e.status === 'DELETED') throw deleted('expense');
      const lines = e.itemized === 1
        ? await db.selectFrom('expense_lines').selectAll().where('org_id', '=', orgId).where('expense_id', '=', id).orderBy('position').execute()
        : [];
      return compact({
        paid_through_account_id: e.paid_through_account_id, account_id: e.account_id, mode: e.mode, reference_number: e.reference_number,
        vendor_id: e.vendor_id, tax_id: e.tax_id, is_inclusive_tax: e.is_inclusive_tax === 1, notes: e.notes, place_of_supply: e.place_of_supply,
        branch_id: e.branch_id, is_rcm: e.is_rcm === 1, rcm_rate: e.rcm_rate_centi === null ? null : e.rcm_rate_centi / 100,
        itc_blocked_reason: e.itc_blocked_reason,
        ...(e.itemized === 1
          ? { line_items: lines.map((l) => compact({ account_id: l.inherits_account ? null : l.account_id, amount: toRupees(l.amount), ...(l.inherits_tax ? {} : { tax_id: l.tax_id }), note: l.note })) }
          : { amount: toRupees(e.amount) }),
      });
    }
    case 'JOURNAL': {
      const j = await db.selectFrom('journals').selectAll().where('org_id', '=', orgId).where('journal_id', '=', id).executeTakeFirst();
      if (!j) throw await missing(db, orgId, entityType, id, 'journal');
      if (j.source !== 'MANUAL' || j.kind !== 'POSTING') throw invalidValue('template_entity_id', 'only a manual journal entry can be a template');
      if (j.reversed_by_journal_id !== null) throw deleted('journal entry');
      const lines = await db.selectFrom('journal_lines').selectAll().where('org_id', '=', orgId).where('journal_id', '=', id).orderBy('position').execute();
      return compact({
        memo: j.memo, contact_id: j.contact_id,
        lines: lines.map((l) => compact({ account_id: l.account_id, debit: l.debit > 0 ? toRupees(l.debit) : null, credit: l.credit > 0 ? toRupees(l.credit) : null, description: l.description })),
      });
    }
  }
}
